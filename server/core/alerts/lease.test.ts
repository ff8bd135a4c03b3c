// A send must not outlive its claim, and the server must not follow a push
// service's redirect. Two workers on one database (PGlite in-process here; the two-instance
// PostgreSQL run is instances.test.ts) with a short lease and a slow push service: the batch
// takes longer than the lease, yet no alert reaches the device twice.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, pushDevices } from "../../../shared/schema";
import { createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { startPushReceiver, type PushReceiver } from "../../test/push-receiver";
import { parramatta, postQuote } from "./test/alerts";
import { workerOf } from "./test/worker";

const ctx = useTestApp({ suburbs: true, startAlertWorker: false, env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "1000", LOG_LEVEL: "silent" } });
let receiver: PushReceiver;
let fake: FakePushService;

beforeAll(async () => {
  receiver = await startPushReceiver();
  fake = await startFakePushService();
});
afterAll(async () => {
  await receiver.close();
  await fake.close();
});

/** A push service that answers each push after `delayMs`, or with a redirect; it records each request's Topic (lead-<id>). */
async function startFakePushService() {
  const hits: Array<{ path: string; topic: string }> = [];
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      hits.push({ path: req.url ?? "/", topic: String(req.headers.topic ?? "") });
      if (req.url?.startsWith("/redirect")) {
        res.writeHead(302, { Location: `${origin}/target${req.url}` }).end();
        return;
      }
      setTimeout(() => res.writeHead(201).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    slowDown(ms: number) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;

/** A provider in Parramatta with one device whose endpoint is `endpoint` (keys made as a browser makes them). */
async function deviceAt(endpoint: string) {
  const user = await createUser(ctx.db, await parramatta(ctx.db));
  const { keys } = receiver.subscribe();
  const [device] = await ctx.db.insert(pushDevices).values({ userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, label: "Phone" }).returning();
  return device!;
}

function worker(leaseMs: number) {
  // Never started: the test steps runOnce itself.
  return workerOf(ctx, { leaseMs });
}

describe("a send never outlives its claim", () => {
  it("when a slow push service makes the batch outlast a short lease, then a second worker sends nothing twice", async () => {
    const device = await deviceAt(`${fake.origin}/slow/${Math.random().toString(36).slice(2)}`);
    const LEADS = 5;
    for (let i = 0; i < LEADS; i++) await postQuote(ctx.app, { electricalWork: `Job ${i}: isolator sparking` });
    fake.slowDown(700);
    const [a, b] = [worker(1500), worker(1500)];
    // A claims all five (one user: their leads go one after another, 700 ms each: 3.5 s in all);
    // B comes in after A's 1.5 s lease has run out, and again later.
    await Promise.all([
      a.runOnce(),
      new Promise((r) => setTimeout(r, 1600)).then(() => b.runOnce()),
      new Promise((r) => setTimeout(r, 2600)).then(() => b.runOnce()),
    ]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    fake.slowDown(0);

    const topics = fake.hits.filter((h) => h.path.endsWith(device.endpoint.slice(fake.origin.length))).map((h) => h.topic);
    expect(topics).toHaveLength(LEADS);
    expect(new Set(topics).size).toBe(LEADS);
    const rows = await ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.deviceId, device.id));
    expect(rows.map((r) => r.status)).toEqual(Array(LEADS).fill("sent"));
  }, 30_000);
});

describe("push services' redirects", () => {
  it("when the push service answers 302, then the redirect is not followed and the delivery ends failed", async () => {
    const device = await deviceAt(`${fake.origin}/redirect/${Math.random().toString(36).slice(2)}`);
    await postQuote(ctx.app);
    await ctx.app.alerts.runOnce();
    await ctx.app.alerts.runOnce(); // not retried: nothing more arrives
    const path = device.endpoint.slice(fake.origin.length);
    expect(fake.hits.filter((h) => h.path === path)).toHaveLength(1);
    expect(fake.hits.filter((h) => h.path.startsWith("/target"))).toEqual([]);
    const rows = await ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.deviceId, device.id));
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([["failed", "push service answered 302"]]);
  });
});
