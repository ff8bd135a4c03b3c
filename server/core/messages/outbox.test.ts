// The one outbox's sender (docs/decisions/046-one-outbox.md) on either database: retries with
// backoff, failure for good after 6 attempts, a crashed instance's claim taken again when its
// lease runs out, push to every device of a user and e-mail, a sale undone before its
// message went dropping the message, and a settle that reads only its own rows.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadPurchases, outboxMessages, pushDevices } from "../../../shared/schema";
import { createPurchase, createUser } from "../../setup/factories";
import type { MarketEvents } from "../../platform/events";
import { pushToUser, vapidSource } from "../alerts";
import { createAlertWorker } from "../alerts";
import { createLogger } from "../../platform/logger";
import { useTestApp } from "../../test/app";
import { fakeMailer } from "../../test/fakes";
import { startPushReceiver, type PushReceiver } from "../../test/push-receiver";
import { createOutbox } from "./outbox";
import { claimDueMessages, enqueueMessage, settled, settleMessages } from "./outbox-repo";
import { MAX_ATTEMPTS } from "./sender";
import { movableClock, recordingSms, sydney } from "./test/messages";

const clock = movableClock(sydney("2026-11-24 10:00"));
const sms = recordingSms();
const mailer = fakeMailer();
const ctx = useTestApp({ sms, mailer, now: clock.now, startAlertWorker: false, env: { LOG_LEVEL: "silent" } });
let receiver: PushReceiver;

beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

let seq = 0;
async function queueSms(values: { event?: string; to?: string } = {}) {
  const to = values.to ?? `0416${String(++seq).padStart(6, "0")}`;
  const event = values.event ?? `test.sms:${seq}`;
  await enqueueMessage(ctx.db, { event, recipient: `sms:${to}`, channel: "sms", payload: { to, text: `hello ${seq}` }, dueAt: clock.now() });
  return { to, event };
}
const rowOf = async (event: string) => (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.event, event)))[0]!;
const send = () => ctx.app.alerts.runOnce();

describe("retries", () => {
  it("when the SMS provider fails once, then the message waits about 5 s (backoff) and the next try sends it", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const { to, event } = await queueSms();
    sms.failNext(1);
    await send();
    const waiting = await rowOf(event);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "the SMS provider is having a bad day", leaseUntil: null });
    const backoff = waiting.dueAt.getTime() - clock.now().getTime();
    expect(backoff).toBeGreaterThanOrEqual(4_000);
    expect(backoff).toBeLessThanOrEqual(6_000);
    await send();
    expect(sms.to(to)).toEqual([]);
    clock.advance(6_000);
    await send();
    expect(sms.to(to)).toHaveLength(1);
    expect(await rowOf(event)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("when the provider keeps failing, then each wait doubles and after 6 attempts the message is failed for good", async () => {
    clock.set(sydney("2026-11-24 11:00"));
    const { to, event } = await queueSms();
    sms.failNext(100);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await send();
      const row = await rowOf(event);
      expect(row.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        waits.push(row.dueAt.getTime() - clock.now().getTime());
        clock.set(row.dueAt);
      }
    }
    sms.failNext(0);
    expect(await rowOf(event)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    // 5, 10, 20, 40, 80 s, each within the ±20% jitter.
    waits.forEach((wait, i) => expect(Math.abs(wait - 5_000 * 2 ** i)).toBeLessThanOrEqual(5_000 * 2 ** i * 0.2 + 1));
    clock.advance(3600_000);
    await send();
    expect(sms.to(to)).toEqual([]);
  });

  it("when the provider refuses the number (a 4xx), then the message fails at once, without retries", async () => {
    const { event } = await queueSms();
    sms.failNext(1, 400);
    await send();
    expect(await rowOf(event)).toMatchObject({ status: "failed", attempts: 1 });
  });
});

describe("leases", () => {
  it("when an instance claimed a message and died, then nobody sends it while the lease lasts, and another worker sends it once the lease ran out", async () => {
    clock.set(sydney("2026-11-24 12:00"));
    const { to, event } = await queueSms();
    // The dead instance: it claimed (lease 60 s, attempt counted) and never settled.
    const [claimed] = await claimDueMessages(ctx.db, clock.now(), 10);
    expect(claimed).toMatchObject({ event, attempts: 1 });
    await send();
    expect(sms.to(to)).toEqual([]);
    clock.advance(59_000);
    await send();
    expect(sms.to(to)).toEqual([]);
    clock.advance(2_000);
    // Another instance's worker: its own outbox over the same database.
    const logger = createLogger(ctx.config);
    const vapid = vapidSource(ctx.db, ctx.config);
    const other = createAlertWorker({
      db: ctx.db,
      events: { subscribe: async () => () => undefined } as unknown as MarketEvents,
      logger,
      mailer,
      vapid,
      now: clock.now,
      origin: "https://sparks.example.com.au",
      sessionSecret: ctx.config.sessionSecret,
      pollMs: 5000,
      production: false,
      outbox: createOutbox({
        db: ctx.db,
        logger,
        sms,
        mailer,
        push: pushToUser({ db: ctx.db, logger, vapid, production: false }),
        now: clock.now,
        origin: "",
        promiseMinutes: 120,
        sitePhone: "1300 000 000",
      }),
    });
    await other.runOnce();
    await send();
    expect(sms.to(to)).toHaveLength(1);
    expect(await rowOf(event)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("when a batch outlasts a short lease, then what is left is given back unsent and every message still goes exactly once", async () => {
    clock.set(sydney("2026-11-24 12:30"));
    const queued = await Promise.all(Array.from({ length: 40 }, () => queueSms()));
    // 40 sends of 0.4 s, 16 at a time: three rounds, 1.2 s, under a 1 s lease. The third round
    // would still be sending when the lease lapses and the other worker claims again.
    sms.delay(400);
    try {
      const logger = createLogger(ctx.config);
      const push = pushToUser({ db: ctx.db, logger, vapid: vapidSource(ctx.db, ctx.config), production: false });
      const realNow = () => new Date(clock.now().getTime() + performance.now());
      const pending = async () => (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.status, "pending"))).length;
      const work = async () => {
        const outbox = createOutbox({
          db: ctx.db,
          logger,
          sms,
          mailer,
          push,
          now: realNow,
          origin: "",
          promiseMinutes: 120,
          sitePhone: "1300 000 000",
          leaseMs: 1_000,
        });
        for (let i = 0; i < 40 && (await pending()) > 0; i++) {
          await outbox.pass();
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      await Promise.all([work(), work()]);
    } finally {
      sms.delay(0);
    }
    for (const { to } of queued) expect(sms.to(to)).toHaveLength(1);
  }, 30_000);

  it("when the instance drains mid-batch, then it starts no further send, gives the rest back at once with no lease held, and another instance sends each once", async () => {
    clock.set(sydney("2026-11-24 13:30"));
    const queued = await Promise.all(Array.from({ length: 40 }, () => queueSms()));
    const logger = createLogger(ctx.config);
    const push = pushToUser({ db: ctx.db, logger, vapid: vapidSource(ctx.db, ctx.config), production: false });
    const outboxOf = () => createOutbox({ db: ctx.db, logger, sms, mailer, push, now: clock.now, origin: "", promiseMinutes: 120, sitePhone: "1300 000 000" });
    // 16 sends at a time of 0.3 s each: the drain comes while the first 16 are under way.
    sms.delay(300);
    let draining = false;
    setTimeout(() => (draining = true), 100);
    try {
      await outboxOf().pass({ stopping: () => draining });
    } finally {
      sms.delay(0);
    }
    const rows = await ctx.db.select().from(outboxMessages);
    const left = rows.filter((r) => queued.some((q) => q.event === r.event) && r.status === "pending");
    expect(left.length).toBe(40 - 16);
    expect(left.filter((r) => r.leaseUntil !== null || r.attempts !== 0)).toEqual([]);
    await outboxOf().pass();
    for (const { to } of queued) expect(sms.to(to)).toHaveLength(1);
  });
});

describe("settling", () => {
  it("when several sends end together, then one write settles each as it came out, and leaves alone a row another claim holds now", async () => {
    clock.set(sydney("2026-11-24 13:00"));
    const queued = [await queueSms(), await queueSms(), await queueSms(), await queueSms(), await queueSms()];
    const claimed = await claimDueMessages(ctx.db, clock.now(), 10);
    const mine = queued.map(({ event }) => claimed.find((m) => m.event === event)!);
    // The last one's lease ran out and another instance claimed it meanwhile.
    const taken = new Date(clock.now().getTime() + 120_000);
    await ctx.db.update(outboxMessages).set({ leaseUntil: taken }).where(eq(outboxMessages.id, mine[4]!.id));
    clock.advance(1_000);
    await settleMessages(
      ctx.db,
      [
        { message: mine[0]!, outcome: { status: "sent" } },
        // A provider's text cut inside an emoji, with a NUL: PostgreSQL's jsonb refuses both as they are.
        { message: mine[1]!, outcome: { status: "dropped", error: "cut at \uD83D, then \0 a NUL" } },
        { message: mine[2]!, outcome: { status: "failed", error: "number refused: it's \"0416\" \\ 'quoted'" } },
        { message: mine[3]!, outcome: { status: "pending", dueAt: new Date(clock.now().getTime() + 5_000), error: "busy" } },
        { message: mine[4]!, outcome: { status: "sent" } },
      ],
      clock.now(),
    );
    const rows = await Promise.all(queued.map(({ event }) => rowOf(event)));
    expect(rows.map((r) => [r.status, r.lastError, r.sentAt?.toISOString() ?? null, r.leaseUntil?.toISOString() ?? null])).toEqual([
      ["sent", null, clock.now().toISOString(), null],
      ["dropped", "cut at \uFFFD, then  a NUL", null, null],
      ["failed", "number refused: it's \"0416\" \\ 'quoted'", null, null],
      ["pending", "busy", null, null],
      ["pending", null, null, taken.toISOString()],
    ]);
  });

  it("when the outbox keeps thousands of sent messages, then a settle reads its own rows by their ids, not the whole table", async () => {
    await ctx.db.execute(sql`
      insert into outbox_messages (event, recipient, channel, payload, status, due_at, sent_at)
      select 'test.kept:' || n, 'sms:0416000000', 'sms', '{"to": "0416000000", "text": "a message sent long ago"}', 'sent', now(), now()
      from generate_series(1, 2000) as n`);
    await ctx.db.execute(sql`analyze outbox_messages`);
    // The plan every connection keeps for the named statement once it has run it a few times.
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare settle_plan (jsonb, bigint[]) as ${settled.sql}`));
      const lines = await tx.execute(sql`explain execute settle_plan('[{"id": 1, "status": "sent", "lease": "2026-11-24T03:00:00Z"}]', '{1}')`);
      await tx.execute(sql`deallocate settle_plan`);
      return (lines as { rows: Array<Record<string, string>> }).rows.map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain("outbox_messages_pkey");
    expect(plan).not.toContain("Seq Scan on outbox_messages");
  });
});

describe("channels", () => {
  it("when a push message is for a user with two devices, then each device gets it once; an e-mail goes to its address", async () => {
    const user = await createUser(ctx.db);
    for (const name of ["phone", "tablet"]) {
      const { endpoint, keys } = receiver.subscribe(`${name}-${user.id}`);
      await ctx.db.insert(pushDevices).values({ userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, label: name });
    }
    const before = receiver.received.length;
    await enqueueMessage(ctx.db, {
      event: "test.push:1",
      recipient: `user:${user.id}`,
      channel: "push",
      payload: { title: "Call Jane by 12:00 pm", body: "Nothing is logged yet.", url: "/dashboard", tag: "promise-1", urgent: false },
      dueAt: clock.now(),
    });
    await enqueueMessage(ctx.db, {
      event: "test.push:1",
      recipient: `user:${user.id}:email`,
      channel: "email",
      payload: { to: user.email, subject: "Reminder", text: "Nothing is logged yet." },
      dueAt: clock.now(),
    });
    await send();
    await receiver.waitFor(before + 2);
    const pushes = receiver.received.slice(before);
    expect(pushes.map((p) => p.path).sort()).toEqual([`/push/phone-${user.id}`, `/push/tablet-${user.id}`].sort());
    expect(pushes.map((p) => p.payload)).toEqual([
      { title: "Call Jane by 12:00 pm", body: "Nothing is logged yet.", url: "/dashboard", tag: "promise-1" },
      { title: "Call Jane by 12:00 pm", body: "Nothing is logged yet.", url: "/dashboard", tag: "promise-1" },
    ]);
    expect(mailer.lastTo(user.email!)).toMatchObject({ subject: "Reminder", text: "Nothing is logged yet." });
    const rows = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.event, "test.push:1"));
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("when a push message is for a user with no device, then it is dropped, not retried", async () => {
    const user = await createUser(ctx.db);
    await enqueueMessage(ctx.db, {
      event: "test.push:2",
      recipient: `user:${user.id}`,
      channel: "push",
      payload: { title: "t", body: "b", url: "/dashboard", tag: "x" },
      dueAt: clock.now(),
    });
    await send();
    expect(await rowOf("test.push:2")).toMatchObject({ status: "dropped", lastError: "no push device" });
  });
});

describe("a sale undone before its message went", () => {
  it("when the purchase is unpurchased before a held handover is due, then the handover is dropped, not sent", async () => {
    const buyer = await createUser(ctx.db);
    const purchase = await createPurchase(ctx.db, buyer.id, { purchase: { purchasedAt: clock.now() } });
    const to = "0417000001";
    await enqueueMessage(ctx.db, {
      event: `lead.sold:${purchase.id}`,
      recipient: `sms:${to}`,
      channel: "sms",
      payload: { to, text: "Dave has your job request" },
      dueAt: clock.now(),
    });
    await ctx.db.update(leadPurchases).set({ releasedAt: clock.now(), releaseReason: "unpurchased" }).where(eq(leadPurchases.id, purchase.id));
    await send();
    expect(sms.to(to)).toEqual([]);
    expect(await rowOf(`lead.sold:${purchase.id}`)).toMatchObject({ status: "dropped", lastError: "the sale was undone" });
  });
});
