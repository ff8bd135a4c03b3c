// An order's hard caps and its pauses by rule, on either database (docs/decisions/064-auto-buy-engine.md):
// leads a day and dollars a week, counted in Sydney's calendar day and Monday-start week, checked
// with the order's row locked inside the sale; a refund gives no room back; a missed contact
// promise pauses every order of its owner.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { capWindows, momentPriceReaches } from "../../../shared/auto-buy";
import { autoBuyBusinessCaps, autoBuyDue, autoBuyOrders, dashboardNotices, leadExclusions, leadPurchases } from "../../../shared/schema";
import { createJobLink } from "../../core/job-links";
import { createTestApp, type TestApp } from "../../test/app";
import { tokenOf } from "../../test/job-links";
import { movableClock, sydney } from "../../core/messages/test/messages";
import { autoBoughtBy, clearMarket, leadInParramatta, noticesTo, orderFor, orderRow, ownerAt, purchasesOf } from "./test/engine";

const clock = movableClock(sydney("2026-11-23 23:40"));
let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ suburbs: true, now: clock.now, startAlertWorker: false, startAutoBuy: false });
});
afterEach(() => clearMarket(ctx.db));
afterAll(() => ctx.destroy());

const dueAt = async (leadId: number) => (await ctx.db.select().from(autoBuyDue).where(eq(autoBuyDue.leadId, leadId)))[0]?.dueAt;

describe("leads a day", () => {
  it("when an order may buy 2 a day and 3 leads are under its maximum at 23:40 in Sydney, then it buys 2, and the third at midnight in Sydney, not a millisecond before", async () => {
    clock.set(sydney("2026-11-23 23:40"));
    const order = await orderFor(ctx.db, (await ownerAt(ctx.db)).id, { maxPrice: "40.00", maxPerDay: 2 });
    const three = [
      await leadInParramatta(ctx.db, clock.now(), 1),
      await leadInParramatta(ctx.db, clock.now(), 2),
      await leadInParramatta(ctx.db, clock.now(), 3),
    ];
    await ctx.app.autoBuy.runOnce();
    const bought = await autoBoughtBy(ctx.db, order.id);
    expect(bought).toHaveLength(2);
    const waiting = three.find((l) => !bought.some((p) => p.leadId === l.id))!;
    const midnight = sydney("2026-11-24 00:00");
    expect(midnight).toEqual(capWindows(clock.now()).dayEnd);
    expect(await dueAt(waiting.id)).toEqual(midnight);
    clock.set(new Date(midnight.getTime() - 1));
    await ctx.app.autoBuy.runOnce();
    expect(await autoBoughtBy(ctx.db, order.id)).toHaveLength(2);
    clock.set(midnight);
    await ctx.app.autoBuy.runOnce();
    const all = await autoBoughtBy(ctx.db, order.id);
    expect(all.map((p) => p.leadId).sort()).toEqual(three.map((l) => l.id).sort());
    expect(all.find((p) => p.leadId === waiting.id)!.purchasedAt).toEqual(midnight);
  });
});

describe("dollars a week", () => {
  it("when the next lead would take the week past its dollars, then the order buys it once its falling price fits what is left, a refund giving no room back", async () => {
    clock.set(sydney("2026-11-25 10:00"));
    const order = await orderFor(ctx.db, (await ownerAt(ctx.db)).id, { maxPrice: "30.00", maxPerWeek: "50.00" });
    const first = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    const [bought] = await autoBoughtBy(ctx.db, order.id);
    expect(bought).toMatchObject({ leadId: first.id, amountPaid: "28.00" });
    // Refunded in full: the $28.00 still counts against the week, leaving $22.00.
    await ctx.db
      .update(leadPurchases)
      .set({ paymentStatus: "refunded", refundAmount: "28.00", refundedAt: clock.now() })
      .where(eq(leadPurchases.id, bought!.id));
    const second = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, second.id)).toEqual([]);
    const fits = momentPriceReaches(second, 2200)!;
    expect(await dueAt(second.id)).toEqual(fits);
    clock.set(fits);
    await ctx.app.autoBuy.runOnce();
    expect((await purchasesOf(ctx.db, second.id)).map((p) => [p.autoBuyOrderId, p.amountPaid])).toEqual([[order.id, "22.00"]]);
  });

  it("when the week's room comes later than the next week, then the order waits for Monday in Sydney", async () => {
    // Sunday 29 November 2026, 23:50 in Sydney: the week ends ten minutes later, at Monday's midnight.
    clock.set(sydney("2026-11-29 23:50"));
    const order = await orderFor(ctx.db, (await ownerAt(ctx.db)).id, { maxPrice: "30.00", maxPerWeek: "50.00" });
    const earlier = await leadInParramatta(ctx.db, clock.now(), 0, { status: "sold" });
    await ctx.db.insert(leadPurchases).values({
      leadId: earlier.id,
      buyerId: order.ownerId,
      buyerName: "x",
      amountPaid: "45.00",
      originalPrice: "45.00",
      paymentStatus: "completed",
      autoBuyOrderId: order.id,
      purchasedAt: sydney("2026-11-23 00:00"),
    });
    // $28.00 now; $5.00 (the week's room) only at 00:24:30, after the week has ended.
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    const monday = sydney("2026-11-30 00:00");
    expect(await dueAt(lead.id)).toEqual(monday);
    clock.set(new Date(monday.getTime() - 1));
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, lead.id)).toEqual([]);
    clock.set(monday);
    await ctx.app.autoBuy.runOnce();
    expect((await purchasesOf(ctx.db, lead.id)).map((p) => [p.autoBuyOrderId, p.amountPaid, p.purchasedAt])).toEqual([[order.id, "21.33", monday]]);
  });

  it("when a lead's price alone is more than the week's room, then the order does not buy it but buys a cheaper lead the same week", async () => {
    clock.set(sydney("2026-11-25 10:00"));
    const order = await orderFor(ctx.db, (await ownerAt(ctx.db)).id, { maxPrice: "40.00", maxPerWeek: "30.00" });
    await ctx.db.insert(leadPurchases).values({
      leadId: (await leadInParramatta(ctx.db, clock.now(), 0, { status: "sold" })).id,
      buyerId: order.ownerId,
      buyerName: "x",
      amountPaid: "10.00",
      originalPrice: "10.00",
      paymentStatus: "completed",
      autoBuyOrderId: order.id,
      purchasedAt: sydney("2026-11-23 09:00"),
    });
    const dear = await leadInParramatta(ctx.db, clock.now(), 3);
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, dear.id)).toEqual([]);
    const cheap = await leadInParramatta(ctx.db, clock.now(), 33);
    await ctx.app.autoBuy.runOnce();
    expect((await purchasesOf(ctx.db, cheap.id)).map((p) => p.amountPaid)).toEqual(["18.00"]);
  });
});

describe("the business's caps, across all its orders", () => {
  const businessCaps = (ownerId: number, caps: { maxPerDay?: number | null; maxPerWeek?: string | null }) =>
    ctx.db.insert(autoBuyBusinessCaps).values({ ownerId, maxPerDay: null, maxPerWeek: null, ...caps });

  it("when two orders of one owner may each buy 2 a day and the business 2 a day, then 2 are bought in all, not 4, and the rest at midnight in Sydney", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const owner = await ownerAt(ctx.db);
    await businessCaps(owner.id, { maxPerDay: 2 });
    const orders = [
      await orderFor(ctx.db, owner.id, { maxPrice: "40.00", maxPerDay: 2 }),
      await orderFor(ctx.db, owner.id, { maxPrice: "40.00", maxPerDay: 2 }),
    ];
    const four = [];
    for (let i = 1; i <= 4; i++) four.push(await leadInParramatta(ctx.db, clock.now(), i));
    await ctx.app.autoBuy.runOnce();
    await ctx.app.autoBuy.runOnce();
    const bought = async () => (await Promise.all(orders.map((o) => autoBoughtBy(ctx.db, o.id)))).flat();
    const got = await bought();
    expect(got).toHaveLength(2);
    const midnight = sydney("2026-11-25 00:00");
    for (const lead of four.filter((l) => !got.some((p) => p.leadId === l.id))) expect(await dueAt(lead.id)).toEqual(midnight);
    // Every auto-buy is announced, on the dashboard too (docs/decisions/081-notices-on-the-dashboard.md).
    const notices = await ctx.db.select().from(dashboardNotices).where(eq(dashboardNotices.userId, owner.id));
    expect(notices.map((n) => n.event).sort()).toEqual(got.map((p) => `auto-buy.bought:${p.id}`).sort());
    clock.set(midnight);
    await ctx.app.autoBuy.runOnce();
    expect(await bought()).toHaveLength(4);
  });

  it("when the business may spend $50 a week and its orders $500 each, then a second order stops where the first left the week's room", async () => {
    clock.set(sydney("2026-11-25 10:00"));
    const owner = await ownerAt(ctx.db);
    await businessCaps(owner.id, { maxPerWeek: "50.00" });
    const first = await orderFor(ctx.db, owner.id, { maxPrice: "30.00" });
    await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, first.id)).map((p) => p.amountPaid)).toEqual(["28.00"]);
    // The first order is deleted; what it bought still counts for the business: $22.00 left.
    await ctx.db.update(autoBuyOrders).set({ deletedAt: clock.now() }).where(eq(autoBuyOrders.id, first.id));
    const second = await orderFor(ctx.db, owner.id, { maxPrice: "30.00" });
    const next = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, next.id)).toEqual([]);
    const fits = momentPriceReaches(next, 2200)!;
    expect(await dueAt(next.id)).toEqual(fits);
    clock.set(fits);
    await ctx.app.autoBuy.runOnce();
    expect((await purchasesOf(ctx.db, next.id)).map((p) => [p.autoBuyOrderId, p.amountPaid])).toEqual([[second.id, "22.00"]]);
  });
});

describe("a missed contact promise", () => {
  it("when the customer reports nobody called, then all of the owner's orders pause (missed_promise), the relisted lead goes to someone else, and they stay paused until resumed", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const owner = await ownerAt(ctx.db);
    const order = await orderFor(ctx.db, owner.id);
    const other = await orderFor(ctx.db, owner.id, { maxPrice: "5.00" });
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, order.id)).map((p) => p.leadId)).toEqual([lead.id]);
    const token = tokenOf(await createJobLink(ctx.db, lead.id, clock.now()));
    clock.set(sydney("2026-11-25 10:00"));
    const report = await request(ctx.server).post(`/api/jobs/${token}/not-contacted`).send({});
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect((await orderRow(ctx.db, order.id)).pausedReason).toBe("missed_promise");
    expect((await orderRow(ctx.db, other.id)).pausedReason).toBe("missed_promise");
    const [notice] = await noticesTo(ctx.db, owner.id, "promise.missed:");
    expect(JSON.stringify(notice!.payload)).toContain("Your auto-buy orders are paused until you resume them.");
    // The lead is back on sale: a rival's order buys it, the owner's do not.
    const rivalOrder = await orderFor(ctx.db, (await ownerAt(ctx.db)).id, { maxPrice: "40.00" });
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, rivalOrder.id)).map((p) => p.leadId)).toEqual([lead.id]);
    expect((await ctx.db.select().from(leadExclusions).where(eq(leadExclusions.userId, owner.id))).map((e) => e.leadId)).toEqual([lead.id]);
    // Still paused a day later, with a fresh lead under both maximums and the rival's order gone.
    clock.set(sydney("2026-11-26 10:00"));
    await ctx.db.update(autoBuyOrders).set({ deletedAt: clock.now() }).where(eq(autoBuyOrders.id, rivalOrder.id));
    const fresh = await leadInParramatta(ctx.db, clock.now(), 59);
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, fresh.id)).toEqual([]);
    // Resumed by the owner: the order buys again.
    await ctx.db.update(autoBuyOrders).set({ pausedReason: null, updatedAt: new Date() }).where(eq(autoBuyOrders.id, order.id));
    await ctx.app.autoBuy.runOnce();
    expect((await purchasesOf(ctx.db, fresh.id)).map((p) => p.autoBuyOrderId)).toEqual([order.id]);
  });
});
