import { trace, TraceFlags } from "@opentelemetry/api";
import { pino } from "pino";
import { withoutCalendarToken } from "../../shared/calendar-feed";
import { withoutJobToken } from "../../shared/job-page";
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
 * A request's path as the log and the traces record it: no query string, and a job page's or a
 * calendar feed's token replaced (see requestLogSerializers; docs/decisions/097-traces.md).
 */
export const redactedPath = (url: string) => withoutCalendarToken(withoutJobToken(url.split("?")[0]!));

/**
 * pino-http's one short line per request: no headers, no bodies, nothing personal. The query
 * string goes whole: a form sent as GET by a browser that had not yet run the app would put a
 * password, name, phone or e-mail there, and a log is no place for them (docs/decisions/036).
 * A job page's token is its only key, so /job/<token> and /api/jobs/<token> are logged as
 * /job/* and /api/jobs/* (docs/decisions/044-job-page.md); a calendar feed's, /api/calendar/<token>.ics,
 * as /api/calendar/* (docs/decisions/049-missed-promises-and-refunds.md, "The calendar feed").
 */
export const requestLogSerializers = {
  req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactedPath(req.url) }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

/**
 * The request's trace, for pino-http's customProps: with tracing on, each request's log lines carry
 * the trace and span ids of its HTTP span, to find its trace from a log line; with tracing off (or
 * a trace not sampled) there is no span, and no field (docs/decisions/097-traces.md). No field is
 * undefined, not {}: pino-http makes a child logger of every request's logger for any object it is
 * given, an empty one too, and that was half of its work on each request
 * (docs/decisions/125-less-work-on-every-request.md).
 */
export function requestTrace(): { trace_id: string; span_id: string } | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  if (!context || (context.traceFlags & TraceFlags.SAMPLED) === 0) return undefined;
  return { trace_id: context.traceId, span_id: context.spanId };
}
