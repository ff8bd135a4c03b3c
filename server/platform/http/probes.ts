// The balancer's probes (docs/decisions/095-readiness-and-metrics.md): liveness and readiness,
// every few seconds from each balancer.
const PROBE_PATHS = new Set(["/api/health", "/api/ready"]);

/** A probe's request: left out of the request log and of traces, whose lines and spans it would bury. */
export const isProbe = (url: string | undefined) => PROBE_PATHS.has(url ?? "");
