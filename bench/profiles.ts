// Public profile pages (docs/decisions/060-public-profiles.md): the server-rendered HTML of a
// profile with its reviews, on a database of 10,000 public electricians and 200,000 reviews,
// beside the cheapest route the app has (an unknown API path's 404) measured the same way in the
// same run. Sequential requests from this process to the app in this process, so the p95 is one
// page's own cost, not a queue's. Target: p95 at most 50 ms. Written between the
// bench:profiles markers; the smoke run (PGlite, tiny sizes) only checks the measure works.
import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { createApp } from "../server/app";
import { hashPassword } from "../server/platform/access/password";
import { loadConfig } from "../server/platform/config";
import { createTestDatabase } from "../server/test/database";
import { writeBetweenMarkers } from "./doc-section";
import { measured, onlyStatuses, size } from "./figures";

const PROVIDERS = size(10_000, 50);
const REVIEWS = size(200_000, 1_000);
const REQUESTS = size(1_000, 30);
const TARGET_P95_MS = 50;

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

async function timed(what: string, urls: string[], expected: string) {
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  for (const url of urls) {
    const t = performance.now();
    const res = await fetch(url);
    await res.text();
    samples.push(performance.now() - t);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  onlyStatuses(what, statuses, [expected]);
  return { p95: measured(`${what}, p95`, p95(samples)), median: measured(`${what}, median`, [...samples].sort((a, b) => a - b)[samples.length >> 1]!) };
}

export async function benchProfiles(serverUrl: string | undefined) {
  if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
  else delete process.env.TEST_DATABASE_URL;
  const database = await createTestDatabase();
  const { db } = database;
  const password = await hashPassword("bench-password");
  const seeding = performance.now();
  // Public electricians spread over a 1° by 1° square around Parramatta, each with a slug.
  await db.execute(sql`
    insert into users (username, password, user_type, company_name, service_location, service_latitude, service_longitude, service_radius,
      verification_status, is_verified, license_number, licence_state, licence_expiry, abn, verification_decided_at, created_at)
    select 'bench-el-' || g, ${password}, 'provider', 'Bench Electrical ' || g, 'Parramatta NSW 2150',
      (-33.8 + (g % 100) * 0.01)::numeric(10, 8), (151.0 + (g / 100 % 100) * 0.01)::numeric(11, 8), 20,
      'approved', true, '1234' || g, 'NSW', (current_date + 700)::text::date, '51824753556', now(), now() - (g || ' days')::interval
    from generate_series(1, ${PROVIDERS}::int) g`);
  await db.execute(sql`
    insert into provider_slugs (slug, provider_id, made_from)
    select 'bench-electrical-' || substr(username, 10) || '-parramatta', id, company_name || '|' || service_location
    from users where username like 'bench-el-%'`);
  const found = (await db.execute(sql`select min(id)::int as id from users where username like 'bench-el-%'`)) as unknown as { rows: Array<{ id: number }> };
  const firstId = found.rows[0]!.id;
  // One sold market lead, its purchase and its review per review; one review in 50 hidden, a third with a reply.
  await db.execute(sql`
    insert into leads (job_reference, customer_name, customer_phone, service_location, electrical_work, suburb, state, postcode, status, created_at)
    select 'PR-' || g, 'Customer ' || g, '0411222333', 'Parramatta NSW 2150', 'Benchmark job with enough words', 'Parramatta', 'NSW', '2150', 'sold',
      now() - (g % 700 || ' days')::interval
    from generate_series(1, ${REVIEWS}::int) g`);
  await db.execute(sql`
    insert into lead_purchases (lead_id, buyer_id, buyer_name, amount_paid, payment_status, purchased_at)
    select l.id, ${firstId}::int + (substr(l.job_reference, 4)::int % ${PROVIDERS}::int), 'Bench Buyer', 40, 'completed', l.created_at
    from leads l where l.job_reference like 'PR-%'`);
  await db.execute(sql`
    insert into reviews (purchase_id, lead_id, provider_id, rating, text, customer_first_name, suburb, state, created_at, updated_at, editable_until,
      hidden_reason, hidden_at, reply_text, reply_created_at)
    select p.id, p.lead_id, p.buyer_id, 1 + (p.id * 7 % 5),
      'The electrician arrived on time, explained the work and left the place tidy. Job ' || p.id || '.', 'Sam', 'Parramatta', 'NSW',
      p.purchased_at + interval '3 days', p.purchased_at + interval '3 days', p.purchased_at + interval '10 days',
      case when p.id % 50 = 0 then 'abuse' end, case when p.id % 50 = 0 then now() end,
      case when p.id % 3 = 0 then 'Thanks for choosing us, see you next time.' end, case when p.id % 3 = 0 then p.purchased_at + interval '4 days' end
    from lead_purchases p join leads l on l.id = p.lead_id where l.job_reference like 'PR-%'`);
  for (const table of ["users", "provider_slugs", "leads", "lead_purchases", "reviews"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const seededIn = (performance.now() - seeding) / 1000;

  const app = createApp({ database, config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }), startAlertWorker: false });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // Every request a different electrician's profile, in a fixed pseudo-random order.
    const profileUrls = Array.from({ length: REQUESTS }, (_, i) => `${base}/electricians/bench-electrical-${1 + ((i * 7919) % PROVIDERS)}-parramatta`);
    const sorted = Array.from({ length: REQUESTS }, (_, i) => `${profileUrls[i]}?sort=highest&page=2`);
    const baselineUrls = Array.from({ length: REQUESTS }, () => `${base}/api/no-such-route`);
    await timed("warm-up", profileUrls.slice(0, size(50, 5)), "200");
    const baseline = await timed("baseline (unknown API path)", baselineUrls, "404");
    const profile = await timed("profile page HTML", profileUrls, "200");
    const sortedPage = await timed("profile page HTML, by rating, page 2", sorted, "200");
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    const met = (x: number) => (x <= TARGET_P95_MS ? "met" : "MISSED");
    const lines = [
      "## Public profile pages",
      "",
      `Measured ${new Date().toISOString()} by \`npm run bench\` on ${database.kind}, ${process.platform} ${process.arch}, Node ${process.version}: ${PROVIDERS.toLocaleString("en-AU")} public electricians and ${REVIEWS.toLocaleString("en-AU")} reviews (seeded in ${seededIn.toFixed(0)} s); ${REQUESTS.toLocaleString("en-AU")} sequential requests each, a different electrician every time, to the app in the bench's process. Target: a profile page's HTML at p95 ≤ ${TARGET_P95_MS} ms.`,
      "",
      "| measure | median | p95 | p95 ÷ baseline p95 | target |",
      "| --- | --- | --- | --- | --- |",
      `| baseline: GET /api/no-such-route (404) | ${ms(baseline.median)} | ${ms(baseline.p95)} | 1.00 | |`,
      `| GET /electricians/:slug (newest first) | ${ms(profile.median)} | ${ms(profile.p95)} | ${(profile.p95 / baseline.p95).toFixed(2)} | ${met(profile.p95)} |`,
      `| GET /electricians/:slug?sort=highest&page=2 | ${ms(sortedPage.median)} | ${ms(sortedPage.p95)} | ${(sortedPage.p95 / baseline.p95).toFixed(2)} | ${met(sortedPage.p95)} |`,
    ];
    for (const line of lines) console.log(line);
    await writeBetweenMarkers("bench:profiles", lines);
  } finally {
    server.closeAllConnections();
    server.close();
    await app.close();
    await database.destroy();
  }
}
