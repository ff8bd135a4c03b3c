// The auto-buy engine on either database (docs/decisions/064-auto-buy-engine.md): an order buys
// a lead whose falling price reaches its maximum, through the same exclusive sale as a buyer at
// the screen, at the price of that moment, and its owner is told. The engine is stepped by hand
// (app.autoBuy.runOnce()) against the app's injectable clock.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { momentPriceReaches } from "../../../shared/auto-buy";
import { MARKET_MESSAGES } from "../../../shared/market-messages";
import { autoBuyDue, autoBuyOrders, leadExclusions, users, type NewLead, type NewUser } from "../../../shared/schema";
import { createPurchase } from "../../setup/factories";
import { createTestApp, type TestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";
import { movableClock, sydney } from "../../core/messages/test/messages";
import {
  autoBoughtBy,
  clearMarket,
  leadInParramatta,
  leadStatus,
  noticesTo,
  orderFor,
  orderRow,
  ownerAt,
  parramattaPlace,
  purchasesOf,
  pushAndEmail,
} from "./test/engine";

// Monday 23 November 2026, 12:00 in Sydney.
const clock = movableClock(sydney("2026-11-23 12:00"));
let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ suburbs: true, now: clock.now, startAlertWorker: false, startAutoBuy: false });
});
afterEach(async () => {
  await clearMarket(ctx.db);
  clock.set(sydney("2026-11-23 12:00"));
});
afterAll(() => ctx.destroy());

const dueRow = async (leadId: number) => (await ctx.db.select().from(autoBuyDue).where(eq(autoBuyDue.leadId, leadId)))[0];
const NEWCASTLE = { latitude: "-32.92830000", longitude: "151.78170000" };

describe("a lead already under the order's maximum", () => {
  it("when a lead is on sale below the maximum, then one pass buys it for the order at the price of that moment, and the owner is told", async () => {
    const owner = await ownerAt(ctx.db);
    await pushAndEmail(ctx.db, owner.id);
    // $40.00 falling to $0 over an hour: 18 minutes in, $28.00.
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    const order = await orderFor(ctx.db, owner.id, { maxPrice: "30.00" });
    await ctx.app.autoBuy.runOnce();
    const [purchase] = await autoBoughtBy(ctx.db, order.id);
    expect(purchase).toMatchObject({
      leadId: lead.id,
      buyerId: owner.id,
      amountPaid: "28.00",
      originalPrice: "28.00",
      discountAmount: "0.00",
      paymentStatus: "completed",
    });
    expect(purchase!.purchasedAt).toEqual(clock.now());
    expect(await leadStatus(ctx.db, lead.id)).toBe("sold");
    const notices = await noticesTo(ctx.db, owner.id, "auto-buy.bought:");
    expect(notices.map((n) => n.channel).sort()).toEqual(["email", "push"]);
    expect(notices.find((n) => n.channel === "push")!.payload).toMatchObject({ title: "Auto-bought: Emergency · Repair in Parramatta for $28.00" });
    expect(notices.find((n) => n.channel === "email")!.payload).toMatchObject({ subject: "Auto-bought: Emergency · Repair in Parramatta for $28.00" });
    expect(await dueRow(lead.id)).toBeUndefined();
    // Another pass buys nothing more: one sale, one alert.
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, lead.id)).toHaveLength(1);
    expect(await noticesTo(ctx.db, owner.id, "auto-buy.bought:")).toHaveLength(2);
  });

  it("when an order is raised to above a lead's price (its updated_at moves), then the next pass buys the lead at once", async () => {
    const owner = await ownerAt(ctx.db);
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    const order = await orderFor(ctx.db, owner.id, { maxPrice: "10.00" });
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, lead.id)).toEqual([]);
    await ctx.db.update(autoBuyOrders).set({ maxPrice: "29.00", updatedAt: new Date() }).where(eq(autoBuyOrders.id, order.id));
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, order.id)).map((p) => p.leadId)).toEqual([lead.id]);
  });
});

describe("an owner who could not buy when the lead came", () => {
  it("when the owner's expired licence is renewed while a lead their order wants is on sale below its maximum, then the next pass buys it", async () => {
    const owner = await ownerAt(ctx.db, { licenceExpiry: "2026-11-01" });
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    const order = await orderFor(ctx.db, owner.id, { maxPrice: "30.00" });
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, lead.id)).toEqual([]);
    // The operator records the renewed licence: nothing touches the order itself.
    await ctx.db.update(users).set({ licenceExpiry: "2029-11-01" }).where(eq(users.id, owner.id));
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, order.id)).map((p) => p.leadId)).toEqual([lead.id]);
  });

  it("when the owner moves their service location to where the lead is, then the next pass buys it; a change to another column marks nothing", async () => {
    const owner = await ownerAt(ctx.db, { serviceLatitude: NEWCASTLE.latitude, serviceLongitude: NEWCASTLE.longitude });
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    const order = await orderFor(ctx.db, owner.id, { maxPrice: "30.00" });
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, lead.id)).toEqual([]);
    const before = (await orderRow(ctx.db, order.id))!.updatedAt;
    await ctx.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, owner.id));
    expect((await orderRow(ctx.db, order.id))!.updatedAt).toEqual(before);
    const { serviceLatitude, serviceLongitude } = await parramattaPlace(ctx.db);
    await ctx.db.update(users).set({ serviceLatitude, serviceLongitude }).where(eq(users.id, owner.id));
    expect((await orderRow(ctx.db, order.id))!.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, order.id)).map((p) => p.leadId)).toEqual([lead.id]);
  });
});

describe("a lead falling to the maximum", () => {
  it("when the price is above the maximum, then the lead is due at the moment the price reaches it, and bought then at the maximum", async () => {
    const owner = await ownerAt(ctx.db);
    const lead = await leadInParramatta(ctx.db, clock.now(), 6);
    const order = await orderFor(ctx.db, owner.id, { maxPrice: "25.00" });
    await ctx.app.autoBuy.runOnce();
    const reaches = momentPriceReaches(lead, 2500)!;
    expect((await dueRow(lead.id))!.dueAt).toEqual(reaches);
    expect((await dueRow(lead.id))!.clock).toEqual(lead.auctionStartedAt);
    clock.set(new Date(reaches.getTime() - 1));
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, lead.id)).toEqual([]);
    clock.set(reaches);
    await ctx.app.autoBuy.runOnce();
    const [purchase] = await autoBoughtBy(ctx.db, order.id);
    expect(purchase).toMatchObject({ leadId: lead.id, amountPaid: "25.00" });
  });

  it("when a lead's auction clock moves (relisted), then the sweep schedules it again from the new clock", async () => {
    const owner = await ownerAt(ctx.db);
    const lead = await leadInParramatta(ctx.db, clock.now(), 6);
    await orderFor(ctx.db, owner.id, { maxPrice: "25.00" });
    await ctx.app.autoBuy.runOnce();
    const restarted = new Date(clock.now().getTime() - 60_000);
    const { leads } = await import("../../../shared/schema");
    await ctx.db.update(leads).set({ auctionStartedAt: restarted }).where(eq(leads.id, lead.id));
    await ctx.app.autoBuy.runOnce();
    expect(await dueRow(lead.id)).toMatchObject({ clock: restarted, dueAt: momentPriceReaches({ ...lead, auctionStartedAt: restarted }, 2500) });
  });
});

describe("the order's rules, one by one", () => {
  const cases: Array<[string, { order?: Partial<typeof autoBuyOrders.$inferInsert>; lead?: Partial<NewLead>; owner?: Partial<NewUser> }]> = [
    ["another service type", { order: { serviceTypes: ["installation"] } }],
    ["another property type", { order: { propertyTypes: ["commercial"] } }],
    ["another urgency", { order: { urgencies: ["flexible"] } }],
    ["a lead score under the minimum", { order: { minLeadScore: 61 } }],
    ["a mobile not verified, verified only", { order: { verifiedMobileOnly: true }, lead: { phoneVerifiedAt: null } }],
    ["outside the owner's service area", { lead: NEWCASTLE }],
    ["outside the order's own radius", { order: { radiusKm: 1 }, lead: { latitude: "-33.86880000", longitude: "151.20930000" } }],
    ["the owner's own customer", { owner: { phone: "0411 222 333" } }],
    ["an owner still pending approval", { owner: { verificationStatus: "pending" } }],
    ["an owner whose licence expired", { owner: { licenceExpiry: "2026-11-22" } }],
    ["an owner whose account is off", { owner: { isActive: false } }],
    ["an order paused by its owner", { order: { pausedReason: "owner" } }],
    ["an order paused after a missed promise", { order: { pausedReason: "missed_promise" } }],
    ["a deleted order", { order: { deletedAt: new Date() } }],
    ["a maximum under the price", { order: { maxPrice: "27.99" } }],
  ];
  it.each(cases)("when the order differs by %s, then it does not buy the lead, and a plain order does", async (_name, differs) => {
    const owner = await ownerAt(ctx.db, differs.owner);
    const lead = await leadInParramatta(ctx.db, clock.now(), 18, differs.lead);
    const order = await orderFor(ctx.db, owner.id, { maxPrice: "30.00", ...differs.order });
    await ctx.app.autoBuy.runOnce();
    expect(await autoBoughtBy(ctx.db, order.id)).toEqual([]);
    const plain = await orderFor(
      ctx.db,
      (await ownerAt(ctx.db, differs.lead === NEWCASTLE ? { serviceLatitude: NEWCASTLE.latitude, serviceLongitude: NEWCASTLE.longitude } : {})).id,
    );
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, plain.id)).map((p) => p.leadId)).toEqual([lead.id]);
  });

  it("when the owner missed this lead's contact promise before, then their order never buys it", async () => {
    const owner = await ownerAt(ctx.db);
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.db.insert(leadExclusions).values({ leadId: lead.id, userId: owner.id, reason: "missed_promise", createdAt: clock.now() });
    const order = await orderFor(ctx.db, owner.id);
    await ctx.app.autoBuy.runOnce();
    expect(await autoBoughtBy(ctx.db, order.id)).toEqual([]);
    const plain = await orderFor(ctx.db, (await ownerAt(ctx.db)).id);
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, plain.id)).map((p) => p.leadId)).toEqual([lead.id]);
  });

  it("when the order's radius is around a suburb, then it buys there whatever the owner's own service location", async () => {
    const owner = await ownerAt(ctx.db, { serviceLatitude: NEWCASTLE.latitude, serviceLongitude: NEWCASTLE.longitude });
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    const order = await orderFor(ctx.db, owner.id, { suburbId: (await parramattaPlace(ctx.db)).id, radiusKm: 5 });
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, order.id)).map((p) => p.leadId)).toEqual([lead.id]);
  });
});

describe("paused, paused until a date, resumed", () => {
  it("when an order is paused until a date, then the lead is due then and bought then; a resumed order buys at once", async () => {
    const owner = await ownerAt(ctx.db);
    const first = await leadInParramatta(ctx.db, clock.now(), 18);
    const until = sydney("2026-11-23 12:10");
    const order = await orderFor(ctx.db, owner.id, { pausedReason: "until_date", pausedUntil: until });
    await ctx.app.autoBuy.runOnce();
    expect(await autoBoughtBy(ctx.db, order.id)).toEqual([]);
    expect((await dueRow(first.id))!.dueAt).toEqual(until);
    clock.set(until);
    await ctx.app.autoBuy.runOnce();
    // Ten minutes later the price is $21.33.
    expect((await autoBoughtBy(ctx.db, order.id)).map((p) => [p.leadId, p.amountPaid])).toEqual([[first.id, "21.33"]]);

    await ctx.db.update(autoBuyOrders).set({ pausedReason: "owner", updatedAt: new Date() }).where(eq(autoBuyOrders.id, order.id));
    const second = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, second.id)).toEqual([]);
    await ctx.db.update(autoBuyOrders).set({ pausedReason: null, pausedUntil: null, updatedAt: new Date() }).where(eq(autoBuyOrders.id, order.id));
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, order.id)).map((p) => p.leadId)).toEqual([first.id, second.id]);
  });
});

describe("a buyer at the screen against an order", () => {
  it("when the buyer buys first, then the order finds the lead gone and buys nothing", async () => {
    const rival = await ownerAt(ctx.db);
    const agent = await signIn(ctx.server, rival.username);
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    const order = await orderFor(ctx.db, (await ownerAt(ctx.db)).id);
    expect((await agent.post(`/api/leads/${lead.id}/purchase`).send({ paymentStatus: "completed" })).status).toBe(201);
    await ctx.app.autoBuy.runOnce();
    expect(await autoBoughtBy(ctx.db, order.id)).toEqual([]);
    expect((await purchasesOf(ctx.db, lead.id)).map((p) => p.buyerId)).toEqual([rival.id]);
  });

  it("when the order buys first, then the buyer is told it is sold (409) and is not charged", async () => {
    const rival = await ownerAt(ctx.db);
    const agent = await signIn(ctx.server, rival.username);
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    const order = await orderFor(ctx.db, (await ownerAt(ctx.db)).id);
    await ctx.app.autoBuy.runOnce();
    const late = await agent.post(`/api/leads/${lead.id}/purchase`).send({ paymentStatus: "completed" });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MARKET_MESSAGES.alreadySold);
    expect((await purchasesOf(ctx.db, lead.id)).map((p) => p.autoBuyOrderId)).toEqual([order.id]);
  });
});

describe("whose turn", () => {
  it("when three orders want one lead at equal maximums, then the owner with the fewest auto-buys in 7 days goes first, then the oldest order", async () => {
    const busy = await ownerAt(ctx.db);
    const quietOld = await ownerAt(ctx.db);
    const quietNew = await ownerAt(ctx.db);
    const busyOrder = await orderFor(ctx.db, busy.id, { maxPrice: "30.00", createdAt: sydney("2026-11-01 09:00") });
    await createPurchase(ctx.db, busy.id, { purchase: { autoBuyOrderId: busyOrder.id, purchasedAt: sydney("2026-11-20 09:00") } });
    const newer = await orderFor(ctx.db, quietNew.id, { maxPrice: "30.00", createdAt: sydney("2026-11-10 09:00") });
    const older = await orderFor(ctx.db, quietOld.id, { maxPrice: "30.00", createdAt: sydney("2026-11-05 09:00") });
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    expect((await purchasesOf(ctx.db, lead.id)).map((p) => p.autoBuyOrderId)).toEqual([older.id]);
    // The next lead: the older order's owner now has one auto-buy too, so the newer order goes first.
    const next = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    expect((await purchasesOf(ctx.db, next.id)).map((p) => p.autoBuyOrderId)).toEqual([newer.id]);
  });

  it("when the highest maximum is at its cap, then the next order in turn buys at its own maximum, once the price reaches it", async () => {
    const capped = await orderFor(ctx.db, (await ownerAt(ctx.db)).id, { maxPrice: "35.00", maxPerDay: 1 });
    await createPurchase(ctx.db, capped.ownerId, { purchase: { autoBuyOrderId: capped.id, purchasedAt: sydney("2026-11-23 08:00") } });
    const next = await orderFor(ctx.db, (await ownerAt(ctx.db)).id, { maxPrice: "25.00" });
    const lead = await leadInParramatta(ctx.db, clock.now(), 6);
    await ctx.app.autoBuy.runOnce();
    expect(await purchasesOf(ctx.db, lead.id)).toEqual([]);
    clock.set(momentPriceReaches(lead, 2500)!);
    await ctx.app.autoBuy.runOnce();
    expect((await purchasesOf(ctx.db, lead.id)).map((p) => [p.autoBuyOrderId, p.amountPaid])).toEqual([[next.id, "25.00"]]);
  });

  it("when a higher maximum wants the lead too, then it buys first, at the price when its maximum is reached", async () => {
    const low = await orderFor(ctx.db, (await ownerAt(ctx.db)).id, { maxPrice: "20.00", createdAt: sydney("2026-01-01 09:00") });
    const high = await orderFor(ctx.db, (await ownerAt(ctx.db)).id, { maxPrice: "30.00" });
    const lead = await leadInParramatta(ctx.db, clock.now(), 0);
    await ctx.app.autoBuy.runOnce();
    clock.set((await dueRow(lead.id))!.dueAt!);
    await ctx.app.autoBuy.runOnce();
    expect((await purchasesOf(ctx.db, lead.id)).map((p) => [p.autoBuyOrderId, p.amountPaid])).toEqual([[high.id, "30.00"]]);
    expect(await autoBoughtBy(ctx.db, low.id)).toEqual([]);
  });
});

describe("the order's owner and its row after the sale", () => {
  it("when an order buys, then the purchase is the owner's own, under their name, flagged with the order", async () => {
    const owner = await ownerAt(ctx.db, { firstName: "Dana", lastName: "Sparks", companyName: "Sparks Electrical" });
    const order = await orderFor(ctx.db, owner.id);
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    const [purchase] = await purchasesOf(ctx.db, lead.id);
    expect(purchase).toMatchObject({
      buyerId: owner.id,
      buyerName: "Dana Sparks",
      buyerCompany: "Sparks Electrical",
      autoBuyOrderId: order.id,
      paymentIntentId: null,
    });
    expect((await orderRow(ctx.db, order.id)).pausedReason).toBeNull();
  });
});
