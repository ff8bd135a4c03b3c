// `npm run bench`: speed figures measured in one run, printed as ratios and written to
// docs/benchmarks.md. Not a test: nothing here passes or fails (docs/runtime.md section 6).
// BENCH_DATABASE_URL=postgres://... measures the request cost on PostgreSQL (bench/request-cost.ts;
// BENCH_LIVE_DELIVERY=1 adds the live delivery run); otherwise these figures on embedded PGlite.
import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { createApp } from "../server/app";
import { loadConfig } from "../server/config";
import { leads, users } from "../shared/schema";
import { hashPassword } from "../server/auth/password";
import { importSuburbsIfEmpty } from "../server/suburbs/import";
import { auctionPriceAt } from "../shared/pricing";
import { createTestDatabase } from "../server/test/database";
import { benchLocalMarket } from "./local-market";
import { writeBetweenMarkers } from "./doc-section";

// New-lead alerts (docs/decisions/029), on PGlite and, given BENCH_DATABASE_URL, on PostgreSQL; written
// between the bench:alerts markers. BENCH_ONLY=alerts runs just these.
{
  const { benchAlerts } = await import("./alerts");
  const { loadavg } = await import("node:os");
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ");
  const loadAtStart = load();
  const alertLines = [
    "## New-lead alerts",
    "",
    `Measured ${new Date().toISOString()} by \`npm run bench\`, ${process.platform} ${process.arch}, Node ${process.version}: 10,000 providers with a push subscription spread over Australia, 2,000 of them around Parramatta with a 20 km area; one quote for Parramatta through POST /api/leads; a local push receiver on node:http. Each alert is encrypted (aes128gcm) and VAPID-signed by web-push as in production. The baseline is the same receiver taking 2,000 plain unencrypted POSTs at the worker's parallelism (64) in the same run. Target: all 2,000 out within 5 s.`,
    "",
    "| database | quote's 201 to the last alert | matching query (EXPLAIN ANALYZE, median of 9) | baseline | 5 s target |",
    "| --- | --- | --- | --- | --- |",
  ];
  const note = (line: string) => {
    console.log(line);
    alertLines.push(line);
  };
  await benchAlerts(note);
  if (process.env.BENCH_DATABASE_URL) await benchAlerts(note, process.env.BENCH_DATABASE_URL);
  note("");
  note(
    `Load average (1 / 5 / 15 min) on this 2-core machine: ${loadAtStart} at the start, ${load()} at the end; the baseline column shows how much of the time is the machine's.`,
  );
  await writeBetweenMarkers("bench:alerts", alertLines);
  if (process.env.BENCH_ONLY === "alerts") process.exit(0);
}

if (process.env.BENCH_DATABASE_URL) {
  const { benchRequestCost } = await import("./request-cost");
  await benchRequestCost(process.env.BENCH_DATABASE_URL);
  // About two minutes and 500 streams of its own: only when asked for.
  if (process.env.BENCH_LIVE_DELIVERY) await import("./live-delivery");
  process.exit(0);
}
const database = await createTestDatabase();
const db = database.db;
const config = loadConfig({ NODE_ENV: "test", RATE_LIMIT_LOGIN_PER_IP: "100000", ADMIN_USERNAME: "bench-operator", ADMIN_PASSWORD: "bench-operator-password" });
const app = createApp({ database, config });
const server = app.listen(0, "127.0.0.1");
// Seeding takes longer than Node's 5 s keep-alive; an idle socket must not be reset mid-run.
server.keepAliveTimeout = 120_000;
await new Promise((r) => server.once("listening", r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const lines: string[] = [];
const report = (line: string) => {
  console.log(line);
  lines.push(line);
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timeIt(runs: number, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

async function signInCookie(username: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: "bench-password" }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

let seq = 0;
async function addLeads(count: number) {
  const now = Date.now();
  for (let i = 0; i < count; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - i) }, () => {
      const n = ++seq;
      const at = new Date(now - n * 1000);
      return {
        jobReference: `B-${n}`,
        customerName: `Customer ${n}`,
        customerPhone: "0411222333",
        serviceLocation: "Parramatta NSW 2150",
        // Every lead on sale names a real suburb (docs/decisions/034).
        suburb: "Parramatta",
        state: "NSW",
        postcode: "2150",
        electricalWork: "Benchmark job with enough words",
        createdAt: at,
        auctionStartedAt: at,
        status: (n % 3 === 0 ? "sold" : "available") as "sold" | "available",
      };
    });
    await db.insert(leads).values(batch);
  }
  // What autovacuum does on PostgreSQL (and start-up does on PGlite): plans from real counts.
  await db.execute(sql`analyze leads`);
}

report(
  `## Embedded (PGlite), in process\n\nMeasured ${new Date().toISOString()} on ${database.kind}, ${process.platform} ${process.arch}, Node ${process.version}.\n`,
);

// 1. Suburbs import (once per database).
let t = performance.now();
const imported = await importSuburbsIfEmpty(db);
report(`- Suburbs import: ${imported} localities in ${(performance.now() - t).toFixed(0)} ms (target: under 10 s).`);
const suburbSearch = await timeIt(50, () => fetch(`${base}/api/suburbs?q=parra`).then((r) => r.json()));
report(`- GET /api/suburbs?q=parra: median ${suburbSearch.toFixed(2)} ms over 50 calls.`);

// 2. Marketplace page cost as the table grows (keyset pagination keeps it flat).
const password = await hashPassword("bench-password");
await db.insert(users).values({ username: "bench-provider", password, userType: "provider" });
const cookie = await signInCookie("bench-provider");
const page = () => fetch(`${base}/api/leads?limit=50`, { headers: { Cookie: cookie } }).then((r) => r.json());
await addLeads(1_000);
const small = await timeIt(30, page);
await addLeads(19_000);
const large = await timeIt(30, page);
const firstPage = (await page()) as { nextCursor: string };
const deep = await timeIt(30, () => fetch(`${base}/api/leads?limit=50&cursor=${firstPage.nextCursor}`, { headers: { Cookie: cookie } }).then((r) => r.json()));
report(
  `- GET /api/leads (50 per page): median ${small.toFixed(2)} ms with 1,000 leads, ${large.toFixed(2)} ms with 20,000; ratio ${(large / small).toFixed(2)}x for 20x the rows (second page ${deep.toFixed(2)} ms).`,
);

// 3. The pure auction price: what the client runs every second per card.
t = performance.now();
const started = new Date();
let sink = 0;
for (let i = 0; i < 1_000_000; i++) sink += auctionPriceAt("77.00", started, new Date(started.getTime() + (i % 3600) * 1000)).priceCents;
const perCall = ((performance.now() - t) * 1000) / 1_000_000;
report(`- auctionPriceAt: ${perCall.toFixed(3)} µs per call over 1,000,000 calls (checksum ${sink % 997}).`);

// 4. Contended sales: 100 leads, 5 buyers each, all at once.
const buyers = await Promise.all(
  Array.from({ length: 5 }, (_, i) =>
    db
      .insert(users)
      .values({ username: `bench-buyer-${i}`, password, userType: "provider" })
      .returning(),
  ),
);
const cookies = await Promise.all(buyers.map(([b]) => signInCookie(b!.username)));
const contested = await db
  .insert(leads)
  .values(
    Array.from({ length: 100 }, (_, i) => ({
      jobReference: `C-${i}`,
      customerName: "Race",
      customerPhone: "0411222333",
      serviceLocation: "Sydney NSW 2000",
      suburb: "Sydney",
      state: "NSW",
      postcode: "2000",
      electricalWork: "Contended job",
    })),
  )
  .returning({ id: leads.id });
t = performance.now();
const statuses = await Promise.all(
  contested.flatMap(({ id }) =>
    cookies.map((c) =>
      fetch(`${base}/api/leads/${id}/purchase`, { method: "POST", headers: { "Content-Type": "application/json", Cookie: c }, body: "{}" }).then(
        (r) => r.status,
      ),
    ),
  ),
);
const elapsed = performance.now() - t;
report(
  `- 500 concurrent purchase attempts on 100 leads: ${statuses.filter((s) => s === 201).length} sales, ${statuses.filter((s) => s === 409).length} refusals in ${elapsed.toFixed(0)} ms (${((500 / elapsed) * 1000).toFixed(0)} attempts/s).`,
);

// 5. The operator's figures are SQL aggregates: their cost is the database's, not the heap's.
const { token } = (await (
  await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "bench-operator", password: "bench-operator-password" }),
  })
).json()) as { token: string };
const asOperator = { headers: { Authorization: `Bearer ${token}` } };
const analytics = await timeIt(20, () => fetch(`${base}/api/admin/analytics`, asOperator).then((r) => r.json()));
const adminLeads = await timeIt(20, () => fetch(`${base}/api/admin/leads?status=available`, asOperator).then((r) => r.json()));
report(
  `- GET /api/admin/analytics over 20,100 leads and 100 sales: median ${analytics.toFixed(2)} ms; GET /api/admin/leads (first page): ${adminLeads.toFixed(2)} ms.`,
);

// 6. The local market at scale, in its own database: 100,000 leads spread over Australia.
await benchLocalMarket(report);

const memory = process.memoryUsage();
report(`- Memory after the run: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB.`);

server.close();
await database.destroy();
await writeBetweenMarkers("bench:embedded", lines);
console.log("\nWritten to docs/benchmarks.md (between the bench:embedded markers)");
