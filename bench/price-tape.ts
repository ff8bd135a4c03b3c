// The public price tape (docs/decisions/066-price-tape.md): 1,000,000 sales over 90 days on
// PostgreSQL, every view of GET /api/market/stats (2 windows x 5 groupings x no state and 8
// states) served from the rollup, beside the same medians computed by a plain aggregate query over
// the sales table in the same run. Target: p99 at most 50 ms for any filter. Written between the
// bench:price-tape markers; the smoke run (PGlite, tiny sizes) only checks the measure works.
import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { createApp } from "../server/app";
import { loadConfig } from "../server/platform/config";
import { runPriceTape } from "../server/features/market-stats";
import { createTestDatabase } from "../server/test/database";
import { MARKET_GROUPINGS, MARKET_WINDOWS } from "../shared/market-stats";
import { AUSTRALIAN_STATES } from "../shared/state-time";
import { writeBetweenMarkers } from "./doc-section";
import { measured, onlyStatuses, size, SMOKE } from "./figures";

const SALES = size(1_000_000, 2_000);
const ROUNDS = size(5, 1);
const TARGET_P99_MS = 50;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

/** The plain way: the medians of one view straight from the sales table, per request. */
function plainQuery(days: number, groupBy: string) {
  const key = { state: "l.state", region: "s.sa4_code", suburb: "s.id::text", serviceType: "l.service_type", hour: "extract(hour from l.auction_started_at)" }[
    groupBy
  ]!;
  return sql.raw(`
    select l.state, ${key} as key, count(*),
      percentile_cont(array[0.25, 0.5, 0.75]) within group (order by p.original_price),
      percentile_cont(0.5) within group (order by extract(epoch from p.purchased_at - l.auction_started_at))
    from lead_purchases p join leads l on l.id = p.lead_id left join suburbs s on s.id = l.suburb_id
    where p.purchased_at >= now() - interval '${days} days' and p.payment_status = 'completed' and l.source <> 'provider_manual'
    group by 1, 2`);
}

export async function benchPriceTape(serverUrl: string | undefined) {
  if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
  else delete process.env.TEST_DATABASE_URL;
  const database = await createTestDatabase({ suburbs: true });
  const { db } = database;
  const seeding = performance.now();
  await db.execute(sql`insert into users (username, password, user_type) values ('bench-tape-buyer', 'x', 'provider')`);
  // Sales spread over 2,000 suburbs with an SA4 area, five job types and the last 89 days.
  await db.execute(sql`
    create temporary table bench_places as
    select id, name, postcode, state, row_number() over (order by id) as n from suburbs where sa4_code is not null and id % 9 = 0 limit 2000`);
  await db.execute(sql`
    insert into leads (job_reference, customer_name, customer_phone, service_location, electrical_work, suburb_id, suburb, state, postcode,
      service_type, status, starting_price, auction_started_at, created_at)
    select 'PT-' || g, 'Customer', '0411222333', b.name, 'Benchmark job', b.id, b.name, b.state, b.postcode,
      (array['installation', 'repair', 'maintenance', 'emergency', 'upgrade'])[1 + g % 5], 'sold', 40 + (g % 60),
      now() - ((g::bigint * 7919 % (89 * 1440)) || ' minutes')::interval - interval '1 hour', now() - interval '1 hour'
    from generate_series(1, ${SALES}::int) g join bench_places b on b.n = 1 + (g * 31 % (select count(*) from bench_places))`);
  await db.execute(sql`
    insert into lead_purchases (lead_id, buyer_id, buyer_name, amount_paid, original_price, payment_status, purchased_at)
    select l.id, (select id from users where username = 'bench-tape-buyer'), 'Bench', 0, round(l.starting_price * (1 - (l.id % 59) / 60.0), 2), 'completed',
      l.auction_started_at + ((l.id % 59) || ' minutes')::interval
    from leads l where l.job_reference like 'PT-%'`);
  for (const table of ["leads", "lead_purchases"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const seededIn = (performance.now() - seeding) / 1000;

  const rollingUp = performance.now();
  await runPriceTape({ db, now: () => new Date() }, { publishNow: true });
  const rollupSeconds = measured("first rollup of every sale", (performance.now() - rollingUp) / 1000);
  await db.execute(sql`vacuum analyze market_tape_rows`);
  const republishing = performance.now();
  await db.execute(sql`update market_tape_state set dirty = true`);
  await runPriceTape({ db, now: () => new Date() }, { publishNow: true });
  const republishSeconds = measured("republish", (performance.now() - republishing) / 1000);

  const config = loadConfig({ NODE_ENV: "test", RATE_LIMIT_PUBLIC_FORMS_PER_IP: "1000000" });
  const app = createApp({ database, config, startAlertWorker: false });
  const server = app.listen(0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  try {
    // One round first, not counted: the first requests warm Node's and the database's caches.
    for (const groupBy of MARKET_GROUPINGS) await (await fetch(`${base}/api/market/stats?days=30&groupBy=${groupBy}`)).text();
    for (let round = 0; round < ROUNDS; round++)
      for (const days of MARKET_WINDOWS)
        for (const groupBy of MARKET_GROUPINGS)
          for (const state of [undefined, ...AUSTRALIAN_STATES]) {
            const t = performance.now();
            const res = await fetch(`${base}/api/market/stats?days=${days}&groupBy=${groupBy}${state ? `&state=${state}` : ""}`);
            await res.text();
            samples.push(performance.now() - t);
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          }
  } finally {
    server.close();
    await app.close();
  }
  onlyStatuses("price tape", statuses, ["200"]);
  const p99 = measured("price tape p99", quantile(samples, 0.99));
  const median = measured("price tape median", quantile(samples, 0.5));

  // The plain aggregate, once per window and grouping (no state: the state filter only narrows).
  const plain: number[] = [];
  for (const days of MARKET_WINDOWS)
    for (const groupBy of MARKET_GROUPINGS) {
      const t = performance.now();
      await db.execute(plainQuery(days, groupBy));
      plain.push(performance.now() - t);
    }
  const plainWorst = measured("plain aggregate, slowest", Math.max(...plain));
  const plainMedian = measured("plain aggregate, median", quantile(plain, 0.5));
  await database.destroy();

  const lines = [
    "## The public price tape",
    "",
    `Measured ${new Date().toISOString()} by \`npm run bench\` (\`BENCH_ONLY=price-tape\`) on ${serverUrl ? "PostgreSQL" : "PGlite"}, ${process.platform} ${process.arch}, Node ${process.version}: ${SALES.toLocaleString("en-AU")} sales over the last 89 days in 2,000 suburbs (seeded in ${seededIn.toFixed(0)} s with generate_series). Every view of GET /api/market/stats (2 windows x 5 groupings x no state and 8 states = 90), ${ROUNDS} rounds, sequential HTTP requests to the app in this process, served from the rollup (docs/decisions/066-price-tape.md). Beside it, the plain way: the same medians by one aggregate query over the sales table (percentile_cont joined to leads and suburbs), once per window and grouping, in the same run. Target: p99 at most ${TARGET_P99_MS} ms for any filter.`,
    "",
    "| what | median | p99 / slowest | target |",
    "| --- | --- | --- | --- |",
    `| GET /api/market/stats from the rollup (${samples.length} requests) | ${median.toFixed(1)} ms | ${p99.toFixed(1)} ms | p99 ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? "met" : "missed"} |`,
    `| plain aggregate over the sales (${plain.length} queries, query only) | ${plainMedian.toFixed(0)} ms | ${plainWorst.toFixed(0)} ms | ${(plainMedian / median).toFixed(0)}x the rollup's median |`,
    "",
    `The sweep's own cost at this size: the first count of every sale and publish took ${rollupSeconds.toFixed(1)} s; a republish of every view from the counts ${republishSeconds.toFixed(1)} s (it runs at most every 30 s, and only when sales came in).`,
  ];
  for (const line of lines) console.log(line);
  if (!SMOKE) await writeBetweenMarkers("bench:price-tape", lines);
}
