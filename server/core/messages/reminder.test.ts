// The contact-promise reminder (docs/decisions/045-contact-promise.md, 046-one-outbox.md) on either
// database: 15 minutes before the promise the electrician who works the job is told, once, by
// push to each device and/or e-mail as their alert preferences say, by SMS to their mobile when
// neither reaches them (docs/decisions/076), quiet hours or not; not when contact was logged,
// the job moved on, or the sale was undone; never for a provider's own job.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertPreferences, contactAttempts, leadPurchases, outboxMessages, pushDevices, type NewLead, type User } from "../../../shared/schema";
import { createPurchase, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { fakeMailer } from "../../test/fakes";
import { startPushReceiver, type PushReceiver } from "../../test/push-receiver";
import { enqueueDueReminders } from "./reminders";
import { movableClock, recordingSms, sydney } from "./test/messages";

const clock = movableClock(sydney("2026-11-24 10:00"));
const mailer = fakeMailer();
const ORIGIN = "https://sparks.example.com.au";
const ctx = useTestApp({ sms: recordingSms(), mailer, now: clock.now, startAlertWorker: false, env: { PUBLIC_URL: ORIGIN, CONTACT_PROMISE_MINUTES: "120" } });
let receiver: PushReceiver;
let owner: User;

beforeAll(async () => {
  receiver = await startPushReceiver();
  owner = await withDevice(await createUser(ctx.db, { firstName: "Dave" }));
});
afterAll(() => receiver.close());

async function withDevice(user: User) {
  const { endpoint, keys } = receiver.subscribe(`device-${user.id}`);
  await ctx.db.insert(pushDevices).values({ userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, label: "Phone" });
  return user;
}

/** A market lead of Jane's in Parramatta, bought at 10:00 Sydney time: promised by 12:00, reminded at 11:45. */
async function boughtAtTen(buyer = owner, lead: Partial<NewLead> = {}, purchase: Partial<typeof leadPurchases.$inferInsert> = {}) {
  return createPurchase(ctx.db, buyer.id, {
    lead: { customerName: "Jane Citizen", suburb: "Parramatta", state: "NSW", ...lead },
    purchase: { purchasedAt: sydney("2026-11-24 10:00"), ...purchase },
  });
}

const reminderRows = (purchaseId: number) =>
  ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.event, `promise.reminder:${purchaseId}`));
const pushesTo = (user: User) => receiver.received.filter((p) => p.path === `/push/device-${user.id}`);
const send = () => ctx.app.alerts.runOnce();

describe("the reminder", () => {
  it("when nothing is logged, then it is not due at 11:44:59 and at 11:45 the buyer's device gets it once, naming Jane, Parramatta and 12:00 pm", async () => {
    const purchase = await boughtAtTen();
    const before = pushesTo(owner).length;
    clock.set(new Date(sydney("2026-11-24 11:45").getTime() - 1000));
    await send();
    expect(await reminderRows(purchase.id)).toEqual([]);

    clock.set(sydney("2026-11-24 11:45"));
    await send();
    await send();
    const rows = await reminderRows(purchase.id);
    expect(rows).toMatchObject([{ event: `promise.reminder:${purchase.id}`, recipient: `user:${owner.id}`, channel: "push", status: "sent" }]);
    const got = pushesTo(owner).slice(before);
    expect(got.map((p) => p.payload)).toEqual([
      {
        title: "Call Jane in Parramatta by 12:00 pm",
        body: "You promised to contact Jane in Parramatta by 12:00 pm Tue 24 Nov. Nothing is logged yet: log the call on the job's card.",
        url: "/dashboard",
        tag: `promise-${purchase.id}`,
      },
    ]);
    // The surname never reaches a lock screen.
    expect(JSON.stringify(rows)).not.toContain("Citizen");
  });

  it("when many sweeps run at once, then one reminder is queued", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const purchase = await boughtAtTen();
    clock.set(sydney("2026-11-24 11:50"));
    await Promise.all(
      Array.from({ length: 6 }, () => enqueueDueReminders({ db: ctx.db, origin: ORIGIN, sitePhone: "1300 000 000", promiseMinutes: 120 }, clock.now())),
    );
    expect(await reminderRows(purchase.id)).toHaveLength(1);
  });

  it("when the job is assigned to a team member, then they are reminded, not the owner", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const member = await withDevice(await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id, firstName: "Mia" }));
    const purchase = await boughtAtTen(owner, {}, { assignedTo: member.id });
    clock.set(sydney("2026-11-24 11:46"));
    await send();
    expect(await reminderRows(purchase.id)).toMatchObject([{ recipient: `user:${member.id}`, status: "sent" }]);
  });

  it("when the user takes e-mail and not push, then the reminder is one e-mail linking to the dashboard", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const emailer = await withDevice(await createUser(ctx.db));
    await ctx.db.insert(alertPreferences).values({ userId: emailer.id, pushEnabled: false, emailEnabled: true });
    const purchase = await boughtAtTen(emailer);
    clock.set(sydney("2026-11-24 11:45"));
    await send();
    expect(await reminderRows(purchase.id)).toMatchObject([{ recipient: `user:${emailer.id}:email`, channel: "email", status: "sent" }]);
    expect(pushesTo(emailer)).toEqual([]);
    const mail = mailer.lastTo(emailer.email!)!;
    expect(mail.subject).toBe("Reminder: call Jane in Parramatta by 12:00 pm");
    expect(mail.text).toContain("You promised to contact Jane in Parramatta by 12:00 pm Tue 24 Nov.");
    expect(mail.text).toContain(`${ORIGIN}/dashboard`);
  });

  it("when the user takes both, then one push and one e-mail; with neither, their mobile gets an SMS; with no mobile either, one dropped row says why", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const both = await withDevice(await createUser(ctx.db));
    await ctx.db.insert(alertPreferences).values({ userId: both.id, pushEnabled: true, emailEnabled: true });
    const neither = await createUser(ctx.db, { phone: "0491 570 110" });
    await ctx.db.insert(alertPreferences).values({ userId: neither.id, pushEnabled: false, emailEnabled: false });
    const unreachable = await createUser(ctx.db, { phone: "(02) 9876 5432" });
    await ctx.db.insert(alertPreferences).values({ userId: unreachable.id, pushEnabled: false, emailEnabled: false });
    const [a, b, c] = [await boughtAtTen(both), await boughtAtTen(neither), await boughtAtTen(unreachable)];
    clock.set(sydney("2026-11-24 11:45"));
    await send();
    expect((await reminderRows(a.id)).map((r) => [r.channel, r.status]).sort()).toEqual([
      ["email", "sent"],
      ["push", "sent"],
    ]);
    const [sms] = await reminderRows(b.id);
    expect(sms).toMatchObject({ channel: "sms", recipient: "sms:0491570110", status: "sent" });
    expect((sms!.payload as { text: string }).text).toMatch(/^Call Jane in Parramatta by 12:00 pm: nothing is logged yet\. .*\/dashboard - .+, 1300 000 000$/);
    expect(await reminderRows(c.id)).toMatchObject([{ status: "dropped", lastError: "no push device, e-mail or mobile to send it to" }]);
  });

  it("when an electrician keeps the defaults (push on, no device yet, e-mail off) and the promise falls in quiet hours, then the reminder goes to their mobile at once", async () => {
    const fresh = await createUser(ctx.db, { phone: "0491 570 111" });
    clock.set(sydney("2026-11-24 21:30"));
    // An emergency bought at 21:30: promised by 22:00, reminded at 21:45, in the customer's quiet hours.
    const purchase = await boughtAtTen(fresh, { urgency: "emergency", serviceType: "emergency" }, { purchasedAt: sydney("2026-11-24 21:30") });
    clock.set(sydney("2026-11-24 21:45"));
    await send();
    expect(await reminderRows(purchase.id)).toMatchObject([{ channel: "sms", recipient: "sms:0491570111", status: "sent", dueAt: sydney("2026-11-24 21:45") }]);
  });
});

describe("no reminder", () => {
  it("when a contact attempt is logged before 11:45, then none", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const purchase = await boughtAtTen();
    await ctx.db.insert(contactAttempts).values({ purchaseId: purchase.id, userId: owner.id, channel: "call", outcome: "no_answer" });
    clock.set(sydney("2026-11-24 11:50"));
    await send();
    expect(await reminderRows(purchase.id)).toEqual([]);
  });

  it("when the job moved on from Purchased, then none", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const purchase = await boughtAtTen(owner, {}, { salesStage: "called" });
    clock.set(sydney("2026-11-24 11:50"));
    await send();
    expect(await reminderRows(purchase.id)).toEqual([]);
  });

  it("when the sale was unpurchased, refunded or archived, or the job is a provider's own, then none", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const gone = [
      await boughtAtTen(owner, {}, { releasedAt: clock.now(), releaseReason: "unpurchased" }),
      await boughtAtTen(owner, {}, { refundedAt: clock.now(), refundAmount: "40.00" }),
      await boughtAtTen(owner, {}, { isArchived: true, archivedAt: clock.now() }),
      await boughtAtTen(owner, { source: "provider_manual" }),
    ];
    clock.set(sydney("2026-11-24 11:50"));
    await send();
    for (const purchase of gone) expect(await reminderRows(purchase.id)).toEqual([]);
  });

  it("when contact is logged after the reminder was queued but before it went, then it is dropped at send time", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const purchase = await boughtAtTen();
    clock.set(sydney("2026-11-24 11:45"));
    await enqueueDueReminders({ db: ctx.db, origin: ORIGIN, sitePhone: "1300 000 000", promiseMinutes: 120 }, clock.now());
    await ctx.db.update(leadPurchases).set({ salesStage: "called" }).where(eq(leadPurchases.id, purchase.id));
    await send();
    expect(await reminderRows(purchase.id)).toMatchObject([{ status: "dropped", lastError: "contact was logged" }]);
  });

  it("when the sweep first sees a reminder more than an hour after its promise (every instance was down), then it is recorded as dropped, not sent", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const purchase = await boughtAtTen();
    clock.set(sydney("2026-11-24 13:01"));
    await send();
    expect(await reminderRows(purchase.id)).toMatchObject([{ status: "dropped", lastError: "the promise passed more than an hour ago" }]);
  });
});
