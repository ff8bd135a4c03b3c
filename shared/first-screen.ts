// The first screen the server renders into a page's HTML (docs/decisions/092-first-screen-from-the-server.md):
// where it sits, and the answers it was rendered from, which the app starts with.
import type { CurrentUser } from "./auth";
import type { JobView } from "./jobs";
import type { QuoteRequestInput } from "./leads";
import type { LeadPage } from "./marketplace";
import type { PublicConfig } from "./site";
import type { VerificationStanding } from "./vetting";

/** The element holding the server's screen, before #root (which stays hidden until the app hands over). */
export const FIRST_SCREEN_ID = "first-screen";
/** The JSON the screen was rendered from (a script of type application/json: data, never run). */
export const FIRST_SCREEN_DATA_ID = "first-screen-data";
/** On an open purchase confirmation: the lead the app goes on to buy. */
export const FIRST_SCREEN_HELD_LEAD = "data-held-lead";

/** GET /api/auth/me, the first page of GET /api/leads for the address's filters, GET /api/auth/verification. */
export interface DashboardSeed {
  kind: "dashboard";
  path: "/dashboard";
  config: PublicConfig;
  user: CurrentUser;
  page: LeadPage;
  standing: VerificationStanding | null;
}

/** GET /api/jobs/:token. */
export interface JobSeed {
  kind: "job";
  path: string;
  config: PublicConfig;
  token: string;
  view: JobView;
}

/**
 * The quote wizard after step 1's Next, answered by the server (docs/decisions/100-the-wizards-next-before-the-app.md):
 * the step shown (1, or 0 again with its messages) and step 1's answers as typed.
 */
export interface QuoteSeed {
  kind: "quote";
  path: "/get-quote";
  config: PublicConfig;
  step: 0 | 1;
  values: Partial<QuoteRequestInput>;
  errors: Record<string, string>;
}

export type FirstScreenSeed = DashboardSeed | JobSeed | QuoteSeed;
