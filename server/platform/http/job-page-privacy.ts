// What keeps a job page's token in the customer's hands (docs/decisions/044-job-page.md): no
// Referer leaves the page (it would carry /job/<token> to another site), no search engine
// indexes it, and no cache (the browser's back-forward store, a proxy) keeps the answer.
import type { RequestHandler } from "express";

/** On the job page's HTML and on every /api/jobs answer. */
export const JOB_PAGE_HEADERS = { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" } as const;

/** A customer's path to their page: /job/<anything>. */
export const isJobPagePath = (path: string) => /^\/+job(?:\/|%2f)/i.test(path);

/** Every /api/jobs answer, the errors and the 429 too. */
export const jobApiHeaders: RequestHandler = (_req, res, next) => {
  res.set({ ...JOB_PAGE_HEADERS, "Cache-Control": "no-store" });
  next();
};
