// What a span may carry (docs/decisions/097-traces.md): what the request log carries, no more.
// The instrumentations record a request's path and query, the client's address and user agent;
// a job page's or calendar feed's path holds its only key, and a query string a GET form's phone
// or password. Every span passes here just before it ends, while it can still be changed.
import type { Attributes, AttributeValue } from "@opentelemetry/api";
import type { Span, SpanProcessor } from "@opentelemetry/sdk-trace";
import { withoutCalendarToken } from "../../../shared/calendar-feed";
import { withoutJobToken } from "../../../shared/job-page";
import { redactedPath } from "../logger";

/**
 * Never kept: the query (url.query), who asked (addresses, user agent), headers, and a
 * statement's parameter values (instrumentation-pg records them only with
 * enhancedDatabaseReporting, which stays off; dropped here too, whatever it says).
 */
const DROPPED = new Set([
  "url.query",
  "client.address",
  "network.peer.address",
  "network.peer.port",
  "user_agent.original",
  "user_agent.synthetic.type",
  "http.client_ip",
  "http.user_agent",
  "net.peer.ip",
  "net.sock.peer.addr",
  "db.postgresql.values",
]);
const DROPPED_PREFIXES = ["http.request.header.", "http.response.header.", "db.query.parameter."];
/** A URL or a path with its query: kept without the query or fragment, tokens replaced. */
const URLS = new Set(["url.full", "url.path", "url.original", "http.url", "http.target"]);

/**
 * A route's template as Express declares it ("/api/jobs/:token"), never a request's path: kept
 * as it is, where the token's pattern would take ":token" for a token.
 */
const TEMPLATES = new Set(["http.route", "express.name"]);

const withoutTokens = (text: string) => withoutCalendarToken(withoutJobToken(text));

function scrubValue(key: string, value: AttributeValue): AttributeValue {
  if (TEMPLATES.has(key)) return value;
  if (typeof value === "string") return URLS.has(key) ? redactedPath(value.split("#")[0]!) : withoutTokens(value);
  if (Array.isArray(value)) return value.map((item: unknown) => (typeof item === "string" ? withoutTokens(item) : item)) as AttributeValue;
  return value;
}

/** A span's name and attributes as they may leave the process. */
export function scrubbed(name: string, attributes: Attributes): { name: string; attributes: Attributes } {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || DROPPED.has(key) || DROPPED_PREFIXES.some((prefix) => key.startsWith(prefix))) continue;
    kept[key] = scrubValue(key, value);
  }
  // The HTTP span is named "<method> <route template>" once Express has matched a route.
  const route = attributes["http.route"];
  return { name: typeof route === "string" && name.endsWith(` ${route}`) ? name : withoutTokens(name), attributes: kept };
}

/** The span's own record, changed in place: the exporter reads it once the span has ended. */
function replaceAttributes(record: Attributes, clean: Attributes) {
  for (const key of Object.keys(record)) if (!(key in clean)) delete record[key];
  Object.assign(record, clean);
}

/** Rewrites each span in place as it ends: its name, attributes, status message and events' attributes. */
export const scrubbingProcessor: SpanProcessor = {
  onStart() {},
  onEnding(span: Span) {
    const clean = scrubbed(span.name, span.attributes);
    if (clean.name !== span.name) span.updateName(clean.name);
    replaceAttributes(span.attributes, clean.attributes);
    if (span.status.message) span.setStatus({ ...span.status, message: withoutTokens(span.status.message) });
    for (const event of span.events) if (event.attributes) replaceAttributes(event.attributes, scrubbed("", event.attributes).attributes);
  },
  onEnd() {},
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};
