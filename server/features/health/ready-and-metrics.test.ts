// The operator's probes and numbers (docs/decisions/095-readiness-and-metrics.md): /api/ready says
// whether to send this instance traffic, and which part is missing when not; GET /metrics answers
// only the scraper's token, in Prometheus' text format, which this test parses line by line.
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

const TOKEN = "metrics-token-for-the-test-0123";

/** Prometheus' text format: each sample's name, labels and value; comments and blank lines skipped. */
function samples(text: string) {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

describe("readiness", () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOG_LEVEL: "silent" } });
  });
  afterAll(async () => ctx?.destroy());

  it("is ready with the database, the migrations and the workers, and turns 503 the moment it drains", async () => {
    const ready = await request(ctx.server).get("/api/ready").expect(200);
    expect(ready.body).toEqual({ status: "ready", draining: false, database: "ok", migrations: "at_head", workers: "running" });
    expect(ready.headers["cache-control"]).toBe("no-store");
    ctx.app.drain();
    const draining = await request(ctx.server).get("/api/ready").expect(503);
    expect(draining.body).toMatchObject({ status: "not_ready", draining: true, database: "ok" });
    // Liveness is another question: the process and its database still answer.
    await request(ctx.server).get("/api/health").expect(200);
  });
});

describe("readiness without its parts", () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOG_LEVEL: "silent" }, startAlertWorker: false, startAutoBuy: false });
  });
  afterAll(async () => ctx?.destroy());

  it("is not ready while the workers are stopped, nor when the database lacks the code's newest migration; a newer one from newer code is no reason", async () => {
    expect((await request(ctx.server).get("/api/ready").expect(503)).body).toMatchObject({ workers: "stopped", migrations: "at_head" });
    // A newer migration applied by a newer instance mid-deploy: it only adds, this instance goes on serving.
    await ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-newer-code', 99999999999999)`);
    try {
      expect((await request(ctx.server).get("/api/ready").expect(503)).body).toMatchObject({ migrations: "at_head" });
    } finally {
      await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-newer-code'`);
    }
    // The code's own newest migration missing: its code is ahead of its database.
    const [newest] = (
      (await ctx.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
        rows: Array<{ id: number; hash: string; created_at: string }>;
      }
    ).rows;
    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      expect((await request(ctx.server).get("/api/ready").expect(503)).body).toMatchObject({ migrations: "behind" });
    } finally {
      await ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`);
    }
  });

  it("has no metrics without a token configured", async () => {
    await request(ctx.server).get("/metrics").expect(404);
  });
});

describe("metrics", () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOG_LEVEL: "silent", METRICS_TOKEN: TOKEN }, startAlertWorker: false, startAutoBuy: false });
  });
  afterAll(async () => ctx?.destroy());

  it("answers only the scraper's token", async () => {
    await request(ctx.server).get("/metrics").expect(401);
    await request(ctx.server).get("/metrics").set("Authorization", `Bearer ${TOKEN}x`).expect(401);
    await request(ctx.server).get("/metrics").set("Authorization", TOKEN).expect(401);
  });

  it("gives request durations by route template and status, the outbox, auto-buy, the streams and the process, in Prometheus' format", async () => {
    await request(ctx.server).get("/api/health").expect(200);
    await request(ctx.server).get("/api/jobs/AbCdEfGhIjKlMnOpQrStUv0123").expect(404);
    const res = await request(ctx.server).get("/metrics").set("Authorization", `Bearer ${TOKEN}`).expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const all = samples(res.text);
    const named = (name: string) => all.filter((s) => s.name === name);
    expect(named("http_request_duration_seconds_count").find((s) => s.labels.route === "/api/health")).toMatchObject({
      labels: { method: "GET", status: "200" },
      value: 1,
    });
    // The route's template, never the token in the path.
    expect(named("http_request_duration_seconds_count").some((s) => s.labels.route === "/api/jobs/:token" && s.labels.status === "404")).toBe(true);
    expect(res.text).not.toContain("AbCdEfGhIjKlMnOpQrStUv0123");
    for (const name of [
      "auto_buy_due_rows",
      "market_streams_open",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "process_cpu_user_seconds_total",
    ])
      expect(named(name), name).toHaveLength(1);
    expect(named("auto_buy_lateness_seconds").map((s) => s.labels.quantile)).toEqual(["0.5", "0.99", "1"]);
    // A message waiting in the outbox shows by its channel.
    await ctx.db.execute(
      sql`insert into outbox_messages (event, recipient, channel, payload, due_at) values ('metrics:1', 'sms:0400000000', 'sms', '{}', now() - interval '90 seconds')`,
    );
    const after = samples((await request(ctx.server).get("/metrics").set("Authorization", `Bearer ${TOKEN}`)).text);
    expect(after.find((s) => s.name === "outbox_pending_messages" && s.labels.channel === "sms")?.value).toBe(1);
    expect(after.find((s) => s.name === "outbox_oldest_due_age_seconds" && s.labels.channel === "sms")?.value).toBeGreaterThanOrEqual(89);
    // The pool's connections on PostgreSQL; the embedded engine has no pool.
    if (ctx.database.kind === "postgres")
      expect(after.filter((s) => s.name === "db_pool_connections").map((s) => s.labels.state)).toEqual(["in_use", "idle", "waiting"]);
  });
});
