// New-lead alerts at scale (docs/decisions/029): 10,000 providers with a push subscription spread over
// Australia, 2,000 of them working around Parramatta. A quote for Parramatta goes in through
// POST /api/leads; measured is the time from its 201 to the last alert handed to a local push
// receiver (encrypted aes128gcm and VAPID-signed by web-push, as in production), the matching
// query's own cost (EXPLAIN ANALYZE) with and without its index, and, as the baseline from the
// same run, the receiver's raw speed for 2,000 plain unencrypted POSTs at the worker's
// parallelism. Target: all 2,000 out within 5 s.
import { createECDH, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { distanceKm, destinationPoint } from "../shared/geo";
import { leads, pushDevices, users } from "../shared/schema";
import { createApp } from "../server/app";
import { matchingQuery } from "../server/core/alerts/matching-repo";
import { hashPassword } from "../server/platform/access/password";
import { loadConfig } from "../server/platform/config";
import { importSuburbsIfEmpty, loadLocalities } from "../server/core/suburbs/import";
import { vettedLicence } from "../server/setup/factories";
import { createTestDatabase } from "../server/test/database";
import { measured, size } from "./figures";

const PROVIDERS = size(10_000, 200);
const INSIDE = size(2_000, 40);
const TARGET_MS = 5_000;
const PARALLEL = 64;

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function receiver() {
  let count = 0;
  let last = 0;
  const seen = new Set<string>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      count++;
      last = performance.now();
      seen.add(req.url ?? "");
      res.writeHead(201).end();
    });
  });
  return {
    server,
    get count() {
      return count;
    },
    get last() {
      return last;
    },
    seen,
    reset() {
      count = 0;
      seen.clear();
    },
  };
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function benchAlerts(report: (line: string) => void, postgresUrl?: string) {
  const saved = process.env.TEST_DATABASE_URL;
  if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
  else delete process.env.TEST_DATABASE_URL;
  const database = await createTestDatabase();
  if (saved === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = saved;
  const { db } = database;
  await importSuburbsIfEmpty(db);

  const push = receiver();
  await new Promise<void>((r) => push.server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(push.server.address() as AddressInfo).port}`;

  // Seeding: one bcrypt hash and one browser key pair for all (the per-message cost is the same).
  const password = await hashPassword("bench-password");
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") };
  const parramatta = { latitude: -33.8136, longitude: 151.0034 };
  const far = loadLocalities().filter(
    (p) => p.latitude && p.longitude && distanceKm(parramatta, { latitude: Number(p.latitude), longitude: Number(p.longitude) }) > 150,
  );
  const next = random(14);
  for (let i = 0; i < PROVIDERS; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, PROVIDERS - i) }, (_, j) => {
      const n = i + j;
      // The first 2,000 work within 0-18 km of Parramatta with a 20 km radius; the rest anywhere 150+ km away.
      const place =
        n < INSIDE
          ? destinationPoint(parramatta, next() * 18, next() * 360)
          : (({ latitude, longitude }) => ({ latitude: Number(latitude), longitude: Number(longitude) }))(far[Math.floor(next() * far.length)]!);
      return {
        // Approved, with a current licence (docs/decisions/033), as every provider who buys.
        ...vettedLicence(),
        username: `alert-bench-${n}`,
        email: `alert-bench-${n}@example.com.au`,
        password,
        userType: "provider" as const,
        serviceLocation: "Bench",
        serviceLatitude: place.latitude.toFixed(8),
        serviceLongitude: place.longitude.toFixed(8),
        serviceRadius: n < INSIDE ? 20 : [5, 10, 20, 50, 100][n % 5]!,
      };
    });
    const made = await db.insert(users).values(batch).returning({ id: users.id, username: users.username });
    await db.insert(pushDevices).values(
      made.map((u) => ({
        userId: u.id,
        endpoint: `${origin}/p/${u.username.slice("alert-bench-".length)}`,
        p256dh: keys.p256dh,
        auth: keys.auth,
        label: "Bench phone",
      })),
    );
  }
  await db.execute(sql`analyze`);

  // The same app as production's, alert worker started, on this database.
  const app = createApp({
    database,
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000", MARKET_PAGE_KEEP_MS: "0" }),
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Let the worker's first pass (VAPID keys, an empty queue) finish before the clock starts.
  await new Promise((r) => setTimeout(r, 500));

  const quote = {
    serviceLocation: "Parramatta NSW 2150",
    electricalWork: "Switchboard upgrade, isolator sparking",
    serviceType: "upgrade",
    propertyType: "residential",
    urgency: "emergency",
    budgetRange: "unsure",
    hasExistingElectrician: false,
    timeframe: "asap",
    customerName: "Bench Customer",
    customerPhone: "0412 345 678",
    customerAddress: "1 Church St, Parramatta NSW 2150",
    specialRequests: "",
    preferredPickupDate: "",
    preferredDropoffDate: "",
    isFlexibleDates: true,
  };
  const sentAt = performance.now();
  const res = await fetch(`${base}/api/leads`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(quote) });
  const createdAt = performance.now();
  if (res.status !== 201) throw new Error(`quote: ${res.status} ${await res.text()}`);
  const deadline = createdAt + 60_000;
  while (push.count < INSIDE && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  // No alert at all leaves push.last at 0: a negative time, caught below with the count.
  const lastMs = push.last - createdAt;
  await new Promise((r) => setTimeout(r, 1000)); // any stray or duplicate alert would arrive by now
  const outside = [...push.seen].filter((p) => Number(p.split("/").pop()) >= INSIDE).length;
  const received = push.count;

  // The matching statement on its own, as the matcher runs it for a batch of one, with its index and without (dropped inside a transaction that is rolled back).
  const [lead] = await db
    .select()
    .from(leads)
    .where(sql`${leads.serviceLocation} = 'Parramatta NSW 2150'`);
  const explain = async (q: ReturnType<typeof matchingQuery>, tx: typeof db = db) =>
    Number(
      /Execution Time: ([\d.]+)/.exec(
        rows<Record<string, string>>(await tx.execute(sql`explain analyze ${q}`))
          .map((r) => Object.values(r)[0])
          .join("\n"),
      )![1],
    );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const indexed: number[] = [];
  for (let i = 0; i < 9; i++) indexed.push(await explain(matchingQuery([lead!])));
  const plan = rows<Record<string, string>>(await db.execute(sql`explain ${matchingQuery([lead!])}`))
    .map((r) => Object.values(r)[0])
    .join("\n");
  const usesIndex = plan.includes("users_provider_place_idx");
  const unindexed: number[] = [];
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`drop index users_provider_place_idx`);
      for (let i = 0; i < 9; i++) unindexed.push(await explain(matchingQuery([lead!]), tx));
      throw new Error("rollback");
    })
    .catch((err: unknown) => {
      if (!(err instanceof Error) || err.message !== "rollback") throw err;
    });
  const matched = rows<unknown>(await db.execute(matchingQuery([lead!]))).length;

  // Baseline: the receiver's raw speed, 2,000 plain POSTs of a payload's size, PARALLEL at a time.
  push.reset();
  const body = Buffer.alloc(250, 1);
  let nextPost = 0;
  const rawStart = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (nextPost < INSIDE) {
        const n = nextPost++;
        const r = await fetch(`${origin}/raw/${n}`, { method: "POST", body });
        await r.arrayBuffer();
      }
    }),
  );
  const rawMs = performance.now() - rawStart;

  await app.close();
  server.close();
  push.server.close();
  await database.destroy();

  const kind = postgresUrl ? "PostgreSQL" : "PGlite (embedded)";
  measured(`${kind}: alerts received`, received);
  measured(`${kind}: time to the last alert`, lastMs);
  measured(`${kind}: matching query`, median(indexed));
  measured(`${kind}: plain POST baseline`, rawMs);
  report(
    `| ${kind} | ${received.toLocaleString("en-AU")} alerts received (${outside} outside the area); the last ${lastMs.toFixed(0)} ms after the quote's 201 (201 itself took ${(createdAt - sentAt).toFixed(0)} ms); ${((received / lastMs) * 1000).toFixed(0)} alerts/s | ${median(indexed).toFixed(2)} ms for ${matched.toLocaleString("en-AU")} of ${PROVIDERS.toLocaleString("en-AU")} (index used: ${usesIndex ? "yes" : "no"}); ${median(unindexed).toFixed(2)} ms without the index (${(median(unindexed) / median(indexed)).toFixed(1)}x) | ${rawMs.toFixed(0)} ms for ${INSIDE.toLocaleString("en-AU")} plain POSTs (${(lastMs / rawMs).toFixed(1)}x of it) | ${lastMs <= TARGET_MS && received === INSIDE && outside === 0 ? "met" : "missed"} |`,
  );
}
