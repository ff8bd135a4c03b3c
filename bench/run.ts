// `npm run bench`: speed figures measured in one run, printed as ratios and written to
// docs/benchmarks.md. Not a test: a slow figure passes, but a broken one (0, NaN, a refused
// buyer) stops the run with an error (bench/figures.ts).
// BENCH_DATABASE_URL (or DATABASE_URL)=postgres://... measures the request cost on PostgreSQL
// (bench/request-cost.ts; BENCH_LIVE_DELIVERY=1 adds the live delivery run); otherwise these
// figures on embedded PGlite. `npm run bench:smoke` runs every section at tiny sizes (the request
// cost on PGlite in process unless a PostgreSQL URL is given) and writes nothing.
import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { createApp } from "../server/app";
import { loadConfig } from "../server/platform/config";
import { leads, users } from "../shared/schema";
import { hashPassword } from "../server/platform/access/password";
import { importSuburbsIfEmpty } from "../server/core/suburbs/import";
import { auctionPriceAt } from "../shared/pricing";
import { createTestDatabase } from "../server/test/database";
import { vettedLicence } from "../server/setup/factories";
import { benchLocalMarket } from "./local-market";
import { writeBetweenMarkers } from "./doc-section";
import { measured, postgresUrl, size, SMOKE } from "./figures";

// Privacy before purchase on the corpus (docs/decisions/090-safe-words-before-purchase.md): no database,
// a few seconds; BENCH_ONLY=privacy runs just it. Fails when a description leaks.
if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === "privacy") {
  const { benchPrivacy } = await import("./privacy");
  await benchPrivacy();
  if (process.env.BENCH_ONLY === "privacy") process.exit(0);
}

// The public price tape (docs/decisions/066-price-tape.md): on PostgreSQL (or the smoke run's PGlite);
// BENCH_ONLY=price-tape runs just it, in about three minutes.
if (process.env.BENCH_ONLY === "price-tape" || (!process.env.BENCH_ONLY && (postgresUrl || SMOKE))) {
  const { benchPriceTape } = await import("./price-tape");
  await benchPriceTape(postgresUrl);
  if (process.env.BENCH_ONLY === "price-tape") process.exit(0);
}

// New-lead alerts (docs/decisions/029), on PGlite and, given BENCH_DATABASE_URL, on PostgreSQL; written
// between the bench:alerts markers. BENCH_ONLY=alerts runs just these; another BENCH_ONLY
// (request-cost, profiles, auto-buy) skips them.
if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === "alerts") {
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
  if (postgresUrl) await benchAlerts(note, postgresUrl);
  note("");
  note(
    `Load average (1 / 5 / 15 min) on this 2-core machine: ${loadAtStart} at the start, ${load()} at the end; the baseline column shows how much of the time is the machine's.`,
  );
  await writeBetweenMarkers("bench:alerts", alertLines);
  if (process.env.BENCH_ONLY === "alerts") process.exit(0);
}

// Auto-buy under load (docs/decisions/064-auto-buy-engine.md), on PostgreSQL (two instances) given
// BENCH_DATABASE_URL, and on PGlite; written between the bench:auto-buy markers. BENCH_ONLY=auto-buy runs just it.
if (process.env.BENCH_ONLY === "auto-buy" || !process.env.BENCH_ONLY) {
  const { benchAutoBuy } = await import("./auto-buy");
  await benchAutoBuy(postgresUrl);
  if (process.env.BENCH_ONLY === "auto-buy") process.exit(0);
}

// "Lost the link" answers alike for every mobile (docs/decisions/075-limits-and-edges.md): BENCH_ONLY=lookup runs just it.
if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === "lookup") {
  const { benchLookupTiming } = await import("./lookup-timing");
  await benchLookupTiming(postgresUrl);
  if (process.env.BENCH_ONLY === "lookup") process.exit(0);
}

// Public profile pages (docs/decisions/060-public-profiles.md): BENCH_ONLY=profiles runs just these.
if ((postgresUrl || SMOKE) && (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === "profiles")) {
  const { benchProfiles } = await import("./profiles");
  await benchProfiles(postgresUrl);
  if (process.env.BENCH_ONLY === "profiles") process.exit(0);
}

if (postgresUrl || SMOKE) {
  const { benchRequestCost } = await import("./request-cost");
  await benchRequestCost(postgresUrl);
  // About two minutes and 500 streams of its own: only when asked for.
  if (postgresUrl && process.env.BENCH_LIVE_DELIVERY) await import("./live-delivery");
  if (!SMOKE) process.exit(0);
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
  return measured("a timed call", median(samples));
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
report(`- Suburbs import: ${measured("suburbs imported", imported)} localities in ${(performance.now() - t).toFixed(0)} ms (target: under 10 s).`);
const suburbCalls = size(50, 3);
const suburbSearch = await timeIt(suburbCalls, () => fetch(`${base}/api/suburbs?q=parra`).then((r) => r.json()));
report(`- GET /api/suburbs?q=parra: median ${suburbSearch.toFixed(2)} ms over ${suburbCalls} calls.`);

// 2. Marketplace page cost as the table grows (keyset pagination keeps it flat).
const password = await hashPassword("bench-password");
await db.insert(users).values({ ...vettedLicence(), username: "bench-provider", password, userType: "provider" });
const cookie = await signInCookie("bench-provider");
const page = () => fetch(`${base}/api/leads?limit=50`, { headers: { Cookie: cookie } }).then((r) => r.json());
const [fewLeads, manyLeads] = [size(1_000, 100), size(20_000, 500)];
const pageRuns = size(30, 3);
await addLeads(fewLeads);
const small = await timeIt(pageRuns, page);
await addLeads(manyLeads - fewLeads);
const large = await timeIt(pageRuns, page);
const firstPage = (await page()) as { nextCursor: string };
const deep = await timeIt(pageRuns, () =>
  fetch(`${base}/api/leads?limit=50&cursor=${firstPage.nextCursor}`, { headers: { Cookie: cookie } }).then((r) => r.json()),
);
report(
  `- GET /api/leads (50 per page): median ${small.toFixed(2)} ms with ${fewLeads.toLocaleString("en-AU")} leads, ${large.toFixed(2)} ms with ${manyLeads.toLocaleString("en-AU")}; ratio ${(large / small).toFixed(2)}x for ${manyLeads / fewLeads}x the rows (second page ${deep.toFixed(2)} ms).`,
);

// 3. The pure auction price: what the client runs every second per card.
t = performance.now();
const started = new Date();
let sink = 0;
const priceCalls = size(1_000_000, 10_000);
for (let i = 0; i < priceCalls; i++) sink += auctionPriceAt("77.00", started, new Date(started.getTime() + (i % 3600) * 1000)).priceCents;
const perCall = measured("auctionPriceAt per call", ((performance.now() - t) * 1000) / priceCalls);
report(`- auctionPriceAt: ${perCall.toFixed(3)} µs per call over ${priceCalls.toLocaleString("en-AU")} calls (checksum ${sink % 997}).`);

// 4. Contended sales: 100 leads, 5 buyers each, all at once; approved buyers (docs/decisions/033).
const contestedCount = size(100, 10);
const buyers = await Promise.all(
  Array.from({ length: 5 }, (_, i) =>
    db
      .insert(users)
      .values({ ...vettedLicence(), username: `bench-buyer-${i}`, password, userType: "provider" })
      .returning(),
  ),
);
const cookies = await Promise.all(buyers.map(([b]) => signInCookie(b!.username)));
const contested = await db
  .insert(leads)
  .values(
    Array.from({ length: contestedCount }, (_, i) => ({
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
const sales = statuses.filter((s) => s === 201).length;
const refusals = statuses.filter((s) => s === 409).length;
if (sales !== contestedCount || sales + refusals !== statuses.length) {
  throw new Error(
    `bench: contended sales came out ${sales} sales, ${refusals} refusals and ${statuses.length - sales - refusals} other answers on ${contestedCount} leads`,
  );
}
report(
  `- ${statuses.length} concurrent purchase attempts on ${contestedCount} leads: ${sales} sales, ${refusals} refusals in ${elapsed.toFixed(0)} ms (${measured("contended attempts per second", (statuses.length / elapsed) * 1000).toFixed(0)} attempts/s).`,
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
const analytics = await timeIt(size(20, 3), () => fetch(`${base}/api/admin/analytics`, asOperator).then((r) => r.json()));
const adminLeads = await timeIt(size(20, 3), () => fetch(`${base}/api/admin/leads?status=available`, asOperator).then((r) => r.json()));
report(
  `- GET /api/admin/analytics over ${(manyLeads + contestedCount).toLocaleString("en-AU")} leads and ${contestedCount} sales: median ${analytics.toFixed(2)} ms; GET /api/admin/leads (first page): ${adminLeads.toFixed(2)} ms.`,
);

// 6. The local market at scale, in its own database: 100,000 leads spread over Australia.
await benchLocalMarket(report);

const memory = process.memoryUsage();
report(`- Memory after the run: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB.`);

server.close();
await database.destroy();
await writeBetweenMarkers("bench:embedded", lines);
console.log(
  SMOKE ? "\nSmoke run: every section ran, no figure broken; nothing written" : "\nWritten to docs/benchmarks.md (between the bench:embedded markers)",
);
