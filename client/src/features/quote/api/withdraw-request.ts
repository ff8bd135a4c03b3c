import { apiJson } from "@/lib/api-client";
import type { JobCloseRequest } from "@shared/jobs";

/**
 * POST /api/jobs/:token/close (docs/decisions/049): the request sent with a mistyped mobile
 * comes off sale once the corrected one is in (docs/decisions/086-one-promise-one-address-quiet-sign-out.md).
 * Its token is the key, as on the job page; nothing else can close it.
 */
export const withdrawRequest = (jobUrl: string) =>
  apiJson<unknown>("POST", `/api/jobs/${encodeURIComponent(jobUrl.slice("/job/".length))}/close`, {
    reason: "other",
    note: "Sent again with a corrected mobile number.",
    onlyIfUnsold: true,
  } satisfies JobCloseRequest);
