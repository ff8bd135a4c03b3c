// Notices on the electrician's dashboard (docs/decisions/081-notices-on-the-dashboard.md): a job
// lost, an order paused, an auto-buy, each kept until dismissed.
import { z } from "zod";
import { recordIdParam } from "./ids";

export const dashboardNoticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** When it happened (ISO instant). */
  at: z.string(),
});
export type DashboardNotice = z.infer<typeof dashboardNoticeSchema>;

/** At most this many are listed, newest first: an owner back from a week away still sees the latest. */
export const DASHBOARD_NOTICES_SHOWN = 20;

export const noticeIdParam = recordIdParam;
