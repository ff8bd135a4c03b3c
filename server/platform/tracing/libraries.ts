// The traced libraries and how (docs/decisions/097-traces.md): each request's HTTP span, its
// Express route handler, and its SQL statements under it.
import { ExpressLayerType, type ExpressInstrumentationConfig } from "@opentelemetry/instrumentation-express";
import type { HttpInstrumentationConfig } from "@opentelemetry/instrumentation-http";
import type { PgInstrumentationConfig } from "@opentelemetry/instrumentation-pg";
import { isProbe } from "../http/probes";

export const httpConfig: HttpInstrumentationConfig = {
  ignoreIncomingRequestHook: (req) => isProbe(req.url),
  // A call out (Stripe, Twilio, S3) is traced inside a traced request; the workers' alone are not.
  requireParentforOutgoingSpans: true,
  // No header is recorded (the instrumentation records none unless listed here).
  headersToSpanAttributes: {},
};

/**
 * Only the route handler's span: every router is mounted at "/" and a request passes ~40 of
 * them and a dozen middlewares, a span each. The HTTP span still gets the route's template.
 */
export const expressConfig: ExpressInstrumentationConfig = {
  ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
};

export const pgConfig: PgInstrumentationConfig = {
  // Never a statement's values: they are what customers typed (its default; said here to stay).
  enhancedDatabaseReporting: false,
  // Statements inside a traced request only: the workers' sweeps every few seconds would each make a trace.
  requireParentSpan: true,
};
