// The electrician's private calendar feed (docs/decisions/049-missed-promises-and-refunds.md, "The
// calendar feed"): a `webcal:` link of the team's booked jobs that Google, Outlook or Apple
// Calendar subscribe to. The link's token is its only key, so it never reaches a log.
import { z } from "zod";

/** Where a feed is served: /api/calendar/<token>.ics. */
export const CALENDAR_FEED_BASE = "/api/calendar/";

export const calendarFeedLink = z.object({
  /** webcal://<host>/api/calendar/<token>.ics: a calendar app subscribes to it. */
  url: z.string(),
  /** The same feed over https://, for "From URL" boxes that refuse webcal. */
  httpsUrl: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedLink = z.infer<typeof calendarFeedLink>;

/** GET /api/calendar-feed: whether a link is live (its token is never shown again: only its hash is kept). */
export const calendarFeedStatus = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** `/api/calendar/:file`: "<token>.ics"; whatever else is sent is hashed and not found, never a 400 that says why. */
export const calendarFeedFileParam = z.object({ file: z.string() });

export const CALENDAR_FEED_MESSAGES = {
  notFound: "This calendar link does not work. Make a new one on your dashboard.",
  stopped: "The calendar link is stopped. Calendars that used it stop updating.",
} as const;

/** The feed's path in a logged URL: /api/calendar/* (any case, doubled slashes, an encoded slash). */
const FEED_IN_PATH = /(\/+api\/+calendar)(?:\/|%2f)+[^/?#\s]+/gi;
export const withoutCalendarToken = (text: string) => text.replace(FEED_IN_PATH, "$1/*");
