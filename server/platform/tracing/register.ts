// The tracing entry (docs/decisions/097-traces.md), built to dist/server/tracing.js and loaded by
// scripts/tracing.mjs through `node --import` before the server, only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set: off, nothing here is ever imported. The server bundle is
// ESM, so the libraries are patched as they are imported, through import-in-the-middle's loader
// hook; told which modules the instrumentations want, it wraps those and no others.
import { register } from "node:module";
import { ExpressInstrumentation } from "@opentelemetry/instrumentation-express";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace";
import { createAddHookMessageChannel } from "import-in-the-middle";
import { flushTraces } from "./flush";
import { expressConfig, httpConfig, pgConfig } from "./libraries";
import { scrubbingProcessor } from "./scrub";

const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
register("import-in-the-middle/hook.mjs", import.meta.url, registerOptions);

// OTLP over HTTP, protobuf unless told JSON (the OpenTelemetry variables: the exporter reads
// the endpoint, headers and timeout itself).
const protocol = (process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || process.env.OTEL_EXPORTER_OTLP_PROTOCOL || "http/protobuf").trim();
if (protocol !== "http/protobuf" && protocol !== "http/json") console.warn(`tracing: OTLP protocol ${protocol} is not supported here; http/protobuf instead`);
const exporter = protocol === "http/json" ? new JsonExporter() : new ProtobufExporter();

const serviceName = process.env.OTEL_SERVICE_NAME || "aussie-electricians";
const sdk = new NodeSDK({
  serviceName,
  instrumentations: [new HttpInstrumentation(httpConfig), new ExpressInstrumentation(expressConfig), new PgInstrumentation(pgConfig)],
  // The scrubbing first: the batch exports each span as the scrubbing left it.
  spanProcessors: [scrubbingProcessor, new BatchSpanProcessor({ exporter, scheduledDelayMillis: Number(process.env.OTEL_BSP_SCHEDULE_DELAY) || undefined })],
  // Traces only: the numbers are prom-client's (docs/decisions/095-readiness-and-metrics.md), the logs pino's.
  metricReaders: [],
  logRecordProcessors: [],
});
sdk.start();
await waitForAllMessagesAcknowledged();

// The spans ended so far leave at once while the server drains; server/index.ts's shutdown
// ends in process.exit, which no flush outlives, so what ends after goes with a flushTraces()
// called last there.
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void flushTraces());
console.log(`Tracing: spans go over OTLP (${protocol}) as ${serviceName}`);
