// `npm start`'s `--import`: starts OpenTelemetry tracing before the server when
// OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/decisions/097-traces.md), from .env too, as the server
// reads it; unset, it returns here having imported nothing, so tracing off costs nothing.
import fs from "node:fs";
import path from "node:path";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  // The tracing entry is built with the server: build first when it is missing or stale.
  const { buildIfStale } = await import("./build-if-stale.mjs");
  buildIfStale();
  await import(path.resolve("dist/server/tracing.js"));
}
