// Per-IP limits on the public, unauthenticated forms (docs/product.md section 10: quotes and
// callbacks 60 per 10 minutes per IP by default). Each counter has its own name, so one form
// does not block another; the counters live in the app's database (docs/decisions/075).
import type { Config } from "../config";
import type { Db } from "../db/client";
import { createLimiter } from "./rate-limit";

const TEN_MINUTES_MS = 10 * 60_000;

export const TOO_MANY_SUBMISSIONS = "Too many submissions from your network. Please wait a few minutes and try again.";

/** One counter per form, so a busy quote form does not block callback requests. */
export function publicFormLimiter(db: Db, config: Config, name: string) {
  return createLimiter({ db, name, windowMs: TEN_MINUTES_MS, limit: config.RATE_LIMIT_PUBLIC_FORMS_PER_IP, message: TOO_MANY_SUBMISSIONS });
}

/** Page events are many per visit: ten times the form allowance, still bounded. */
export function analyticsLimiter(db: Db, config: Config, name: string) {
  return createLimiter({ db, name, windowMs: TEN_MINUTES_MS, limit: config.RATE_LIMIT_PUBLIC_FORMS_PER_IP * 10, message: "Too many events" });
}

export const TOO_MANY_CODE_ATTEMPTS = "Too many code attempts from your network. Please wait a few minutes and try again.";

/** The mobile-check routes (verify, resend) per IP: the form allowance, on its own counter. */
export function codeLimiter(db: Db, config: Config, name: string) {
  return createLimiter({ db, name, windowMs: TEN_MINUTES_MS, limit: config.RATE_LIMIT_PUBLIC_FORMS_PER_IP, message: TOO_MANY_CODE_ATTEMPTS });
}

export const TOO_MANY_JOB_PAGE_REQUESTS = "Too many requests from your network. Please wait a few minutes and try again.";

/** The customer's job page and "lost the link" (docs/decisions/044-job-page.md) per IP: one counter over every /api/jobs route. */
export function jobPageLimiter(db: Db, config: Config, name: string) {
  return createLimiter({ db, name, windowMs: TEN_MINUTES_MS, limit: config.RATE_LIMIT_JOB_PAGE_PER_IP, message: TOO_MANY_JOB_PAGE_REQUESTS });
}

export const TOO_MANY_CALENDAR_REQUESTS = "Too many calendar requests from your network. Please wait a few minutes and try again.";

/** The calendar feed (docs/decisions/049, "The calendar feed") per IP: calendars look every hour or so, a team's behind one office address. */
export function calendarFeedLimiter(db: Db, config: Config, name: string) {
  return createLimiter({ db, name, windowMs: TEN_MINUTES_MS, limit: config.RATE_LIMIT_CALENDAR_FEED_PER_IP, message: TOO_MANY_CALENDAR_REQUESTS });
}
