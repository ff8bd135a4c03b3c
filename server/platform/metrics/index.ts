// The operator's numbers (docs/decisions/095-readiness-and-metrics.md): one Prometheus registry
// per app, made only when METRICS_TOKEN is set (off, nothing is measured and GET /metrics is a
// 404), that features register their gauges into; prom-client's process metrics (memory, CPU,
// event-loop lag) and every request's duration by route template and status.
import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import client from "prom-client";

export interface Metrics {
  registry: client.Registry;
  /** A gauge read when scraped: `read` sets it (per label set) from what it finds then. */
  gauge<L extends string>(spec: {
    name: string;
    help: string;
    labelNames?: readonly L[];
    read(set: (value: number, labels?: Partial<Record<L, string>>) => void): Promise<void> | void;
  }): void;
  histogram<L extends string>(spec: { name: string; help: string; labelNames?: readonly L[]; buckets: number[] }): client.Histogram<L>;
}

/** Seconds: a page read is tens of ms; a purchase through Stripe can take seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  return {
    registry,
    gauge({ name, help, labelNames = [], read }) {
      new client.Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          this.reset();
          await read((value, labels) => (labels ? this.set(labels, value) : this.set(value)));
        },
      });
    },
    histogram({ name, help, labelNames = [], buckets }) {
      return new client.Histogram({ name, help, labelNames: [...labelNames], buckets, registers: [registry] });
    },
  };
}

/**
 * Times every request from its start to the end of its answer, by method, route template
 * ("/api/jobs/:token", never the token itself: no customer detail in a label) and status.
 */
export function requestTimer(metrics: Metrics): RequestHandler {
  const duration = metrics.histogram({
    name: "http_request_duration_seconds",
    help: "Requests by method, route template and status, from arrival to the end of the answer",
    labelNames: ["method", "route", "status"],
    buckets: REQUEST_BUCKETS,
  });
  return (req, res, next) => {
    const end = duration.startTimer();
    // The template is read when Express hands the request to a route, while the router's mount
    // path is still on it: an error answered later (a 404 thrown) finds it restored to "".
    let matched = "unmatched";
    let route: unknown;
    Object.defineProperty(req, "route", {
      configurable: true,
      enumerable: true,
      get: () => route,
      set(value: { path?: unknown } | undefined) {
        route = value;
        if (typeof value?.path === "string") matched = value.path === "/" && req.baseUrl ? req.baseUrl : `${req.baseUrl}${value.path}`;
      },
    });
    res.on("finish", () => end({ method: req.method, route: matched, status: String(res.statusCode) }));
    next();
  };
}

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** GET /metrics: 404 with no token configured, 401 without the right bearer token, Prometheus' text format otherwise. */
export function metricsRoute(metrics: Metrics | undefined, token: string | undefined): RequestHandler {
  return async (req, res) => {
    if (!metrics || !token) return void res.status(404).json({ message: "Metrics are off (METRICS_TOKEN is not set)" });
    const given = /^Bearer (.+)$/.exec(req.header("authorization") ?? "")?.[1] ?? "";
    if (!sameToken(given, token)) return void res.status(401).set("WWW-Authenticate", "Bearer").json({ message: "A valid metrics token is required" });
    res
      .set("Content-Type", metrics.registry.contentType)
      .set("Cache-Control", "no-store")
      .send(await metrics.registry.metrics());
  };
}

/** The database pool's connections (PostgreSQL; the embedded engine has one and no pool). */
export function registerPoolMetrics(metrics: Metrics, database: { poolStats?(): { total: number; idle: number; waiting: number } }) {
  metrics.gauge({
    name: "db_pool_connections",
    help: "The PostgreSQL pool's connections: in use, idle, and requests waiting for one",
    labelNames: ["state"],
    read(set) {
      const pool = database.poolStats?.();
      if (!pool) return;
      set(pool.total - pool.idle, { state: "in_use" });
      set(pool.idle, { state: "idle" });
      set(pool.waiting, { state: "waiting" });
    },
  });
}
