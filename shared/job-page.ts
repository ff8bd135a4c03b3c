// The job page's plain parts: its statuses, its token's shape and its paths (docs/decisions/
// 044-job-page.md, 047-job-page-screens.md). Apart from shared/jobs.ts (which re-exports them)
// and free of zod, so the job page and the quote pages use them without loading the schemas:
// a customer opens the job page from an SMS on a phone (docs/decisions/028).

/** Where a customer's request stands, mirroring the buyer's pipeline. */
export const JOB_STATUSES = ["finding", "matched", "contacted", "quoted", "accepted", "booked", "paid", "closed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job link's token: 32 url-safe base64 characters (192 bits). Anything else is a 404 without a lookup. */
/** Until the job is booked the customer may add and remove photos (docs/decisions/050-photos.md); the server refuses after, with 409. */
export const PHOTOS_OPEN: readonly JobStatus[] = ["finding", "matched", "contacted", "quoted", "accepted"];

export const JOB_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The path a customer keeps: /job/<token>. */
export const jobPath = (token: string) => `/job/${token}`;
/** How analytics and logs record a job page: the token never leaves the request. */
export const JOB_PATH_REDACTED = "/job/*";
/** How logs record a job page's API call. */
export const JOB_API_PATH_REDACTED = "/api/jobs/*";
/** Lost the link: the page that sends a code to the mobile and lists fresh links (docs/decisions/047). */
export const JOB_LOOKUP_PATH = "/job";

const TOKEN_IN_PATH = /\/+(job|api\/+jobs)(?:\/|%2f)+(?!lookup(?:\/+verify)?\/*(?:[?#]|$))[^?#\s"'<>\\]*/gi;

/**
 * A job page's path (or a URL, or a path inside a longer text) with its token replaced:
 * "/job/<token>" is "/job/*", "/api/jobs/<token>" is "/api/jobs/*", whatever the case, doubled
 * slashes or an encoded slash ("%2F"). The lost-link routes carry no token and stay as they are.
 */
export function withoutJobToken(text: string): string {
  return text.replace(TOKEN_IN_PATH, (_whole, base: string) => (/^api/i.test(base) ? JOB_API_PATH_REDACTED : JOB_PATH_REDACTED));
}

/** Whether a path is a job link as the server hands it out: /job/<32-character token>. */
export const isJobUrl = (value: unknown): value is string =>
  typeof value === "string" && value.startsWith("/job/") && JOB_TOKEN_PATTERN.test(value.slice("/job/".length));
