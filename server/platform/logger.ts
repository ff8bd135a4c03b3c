import { pino } from "pino";
import { withoutCalendarToken } from "../../shared/calendar-feed";
import { withoutJobToken } from "../../shared/jobs";
import type { Config } from "./config";

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">) {
  return pino({
    level: config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL,
    // Never log secrets or customer contact details that ride on requests.
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}
export type Logger = ReturnType<typeof createLogger>;

/**
 * pino-http's one short line per request: no headers, no bodies, nothing personal. The query
 * string goes whole: a form sent as GET by a browser that had not yet run the app would put a
 * password, name, phone or e-mail there, and a log is no place for them (docs/decisions/036).
 * A job page's token is its only key, so /job/<token> and /api/jobs/<token> are logged as
 * /job/* and /api/jobs/* (docs/decisions/044-job-page.md); a calendar feed's, /api/calendar/<token>.ics,
 * as /api/calendar/* (docs/decisions/049-missed-promises-and-refunds.md, "The calendar feed").
 */
export const requestLogSerializers = {
  req: (req: { id: string; method: string; url: string }) => ({
    id: req.id,
    method: req.method,
    url: withoutCalendarToken(withoutJobToken(req.url.split("?")[0]!)),
  }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};
