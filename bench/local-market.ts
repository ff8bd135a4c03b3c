// The local market page at scale (docs/decisions/023): 100,000 leads spread over Australia, 20,000 of
// them on sale, read by a Sydney provider with a 20 km radius and with `scope=all`. Each is
// given as requests per second and as a ratio of the same process's cheapest route (an
// unknown /api/ path: a JSON 404, no database work) measured in the same run.
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { JOB_SERVICE_TYPES } from "../shared/enums";
import { leads, users } from "../shared/schema";
import { createApp } from "../server/app";
import { hashPassword } from "../server/platform/access/password";
import { loadConfig } from "../server/platform/config";
import { loadLocalities } from "../server/core/suburbs/import";
import { vettedLicence } from "../server/setup/factories";
import { createTestDatabase } from "../server/test/database";
import { measured, size } from "./figures";

const LEADS = size(100_000, 1_000);
const ON_SALE = size(20_000, 200);
/** A few leads whose suburb could not be placed: they show only under scope=all. */
const UNPLACED_SHARE = 0.02;

/** A repeatable pseudo-random sequence, so every run seeds the same market. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

async function seedMarket(db: Awaited<ReturnType<typeof createTestDatabase>>["db"]) {
  const places = loadLocalities().filter((p) => p.latitude && p.longitude);
  const next = random(12);
  const now = Date.now();
  for (let i = 0; i < LEADS; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, LEADS - i) }, (_, j) => {
      const n = i + j;
      const place = places[Math.floor(next() * places.length)]!;
      const placed = next() >= UNPLACED_SHARE;
      // Every fifth lead is on sale; the newest are spread over the last 30 days.
      const at = new Date(now - Math.floor(next() * 30 * 86_400_000));
      return {
        jobReference: `LM-${n}`,
        customerName: `Customer ${n}`,
        customerPhone: "0411222333",
        serviceLocation: `${place.name} ${place.state} ${place.postcode}`,
        electricalWork: "Benchmark job with enough words to look real",
        serviceType: JOB_SERVICE_TYPES[n % JOB_SERVICE_TYPES.length],
        suburb: place.name,
        state: place.state,
        postcode: place.postcode,
        latitude: placed ? place.latitude : null,
        longitude: placed ? place.longitude : null,
        startingPrice: (40 + Math.floor(next() * 80)).toFixed(2),
        createdAt: at,
        auctionStartedAt: at,
        status: (n % (LEADS / ON_SALE) === 0 ? "available" : "sold") as "available" | "sold",
      };
    });
    await db.insert(leads).values(batch);
  }
  // What autovacuum does on PostgreSQL (and start-up does on PGlite): plans from real counts.
  await db.execute(sql`analyze leads`);
}

/** Requests per second over `ms` with `workers` requests in flight, after a short warm-up. */
async function throughput(url: string, headers: Record<string, string>, ms = size(4000, 300), workers = 8) {
  const once = () => fetch(url, { headers }).then((r) => r.arrayBuffer());
  for (let i = 0; i < 20; i++) await once();
  let done = 0;
  const until = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        await once();
        done++;
      }
    }),
  );
  return measured(`local market: ${url}, requests per second`, (done / (performance.now() - started)) * 1000);
}

export async function benchLocalMarket(report: (line: string) => void) {
  const database = await createTestDatabase();
  const app = createApp({ database, config: loadConfig({ NODE_ENV: "test", RATE_LIMIT_LOGIN_PER_IP: "100000" }) });
  const server = app.listen(0, "127.0.0.1");
  server.keepAliveTimeout = 120_000;
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await seedMarket(database.db);
    // Sydney CBD (the suburbs table's Sydney NSW 2000), 20 km.
    await database.db.insert(users).values({
      ...vettedLicence(),
      username: "bench-sydney",
      password: await hashPassword("bench-password"),
      userType: "provider",
      serviceLocation: "Sydney NSW 2000",
      serviceLatitude: "-33.87084640",
      serviceLongitude: "151.20733000",
      serviceRadius: 20,
    });
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "bench-sydney", password: "bench-password" }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const asProvider = { Cookie: cookie };
    const area = (await (await fetch(`${base}/api/leads`, { headers: asProvider })).json()) as { total: number; scope: string };
    const all = (await (await fetch(`${base}/api/leads?scope=all`, { headers: asProvider })).json()) as { total: number };

    const cheapest = await throughput(`${base}/api/no-such-route`, {});
    // For scale: what the session and user lookup alone leave of the cheapest route.
    const signedIn = await throughput(`${base}/api/auth/me`, asProvider);
    const areaRps = await throughput(`${base}/api/leads`, asProvider);
    const allRps = await throughput(`${base}/api/leads?scope=all`, asProvider);
    const ratio = (rps: number) => `${rps.toFixed(0)} req/s = ${(rps / cheapest).toFixed(2)}`;
    report(
      `- Local market, ${LEADS.toLocaleString("en-AU")} leads over Australia (${ON_SALE.toLocaleString("en-AU")} on sale), 50 per page, 8 requests in flight, ` +
        `as a share of an unknown /api/ path (404, ${cheapest.toFixed(0)} req/s): GET /api/leads for a Sydney provider, 20 km (${area.scope}, ${area.total} leads) ${ratio(areaRps)}; ` +
        `with scope=all (${all.total > 1000 ? "1000+" : all.total} leads) ${ratio(allRps)} (target: 0.4 or more); GET /api/auth/me, the session alone, ${ratio(signedIn)}.`,
    );
  } finally {
    server.close();
    await database.destroy();
  }
}
