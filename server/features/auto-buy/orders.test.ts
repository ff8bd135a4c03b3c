// The standing orders' API (docs/decisions/063-auto-buy-orders.md) on the embedded database and,
// with TEST_DATABASE_URL, on PostgreSQL: who may, what is refused and why, pausing, the caps' use,
// the preview against leads seeded here and figured by hand, and the card saved through the Stripe stand-in.
import { eq } from "drizzle-orm";
import type request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { autoBuyBuysNowResponse, autoBuyOrderCreated, autoBuyOrderList } from "../../../shared/auto-buy";
import { AUTO_BUY_MAX_ORDERS, AUTO_BUY_MESSAGES } from "../../../shared/auto-buy-messages";
import { autoBuyCustomers, autoBuyOrders, leadPurchases, suburbs, type User } from "../../../shared/schema";
import { VETTING_MESSAGES } from "../../../shared/vetting";
import { createLead, createPurchase, createUser } from "../../setup/factories";
import { createStripeClient, createStripeGateway } from "../../platform/payments/stripe-gateway";
import { useTestApp, withTestApp } from "../../test/app";
import { startFakeStripe } from "../../test/fake-stripe";
import { createCast, signIn } from "../../test/sign-in";

/** Sydney wall clock in November (AEDT, UTC+11) as an instant. */
const aedt = (wall: string) => new Date(`${wall}:00+11:00`);
// A Wednesday morning in Sydney: the week began on Monday 23 November.
let clock = aedt("2026-11-25T10:00");
// The engine stays off: these tests ask what an order would buy, and a running engine would buy it
// for real a second after the order is saved, racing the question (docs/decisions/083).
const ctx = useTestApp({ now: () => clock, startAutoBuy: false });

const PARRAMATTA = { latitude: "-33.8150", longitude: "151.0011" };
const NEWCASTLE = { latitude: "-32.9283", longitude: "151.7817" };
let parramatta: number;
let cast: Awaited<ReturnType<typeof createCast>>;
let owner: request.Agent, rival: request.Agent;

const anOrder = (over: Record<string, unknown> = {}) => ({ radiusKm: 20, maxPrice: "20", maxPerDay: 3, maxPerWeek: "200", ...over });

beforeAll(async () => {
  const [row] = await ctx.db
    .insert(suburbs)
    .values({ name: "Parramatta", postcode: "2150", state: "NSW", ...PARRAMATTA })
    .returning();
  parramatta = row!.id;
  const place = { serviceLatitude: PARRAMATTA.latitude, serviceLongitude: PARRAMATTA.longitude, serviceRadius: 20 };
  cast = await createCast(ctx, { owner: place, rival: place });
  ({ owner, rival } = cast.agents);
});

async function create(agent: request.Agent, body: Record<string, unknown> = anOrder()) {
  const res = await agent.post("/api/auto-buy-orders").send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return autoBuyOrderCreated.parse(res.body);
}

const rowOf = async (id: number) => (await ctx.db.select().from(autoBuyOrders).where(eq(autoBuyOrders.id, id)))[0]!;

describe("who may keep orders", () => {
  it("when signed out, then 401; a team member, a customer and the super admin are told only the owner can", async () => {
    const { default: supertest } = await import("supertest");
    expect((await supertest(ctx.app).get("/api/auto-buy-orders")).status).toBe(401);
    for (const role of ["member", "customer", "admin"] as const) {
      const res = await cast.agents[role].post("/api/auto-buy-orders").send(anOrder());
      expect(res.status, role).toBe(403);
      expect(res.body.message).toBe(AUTO_BUY_MESSAGES.ownersOnly);
      expect((await cast.agents[role].get("/api/auto-buy-orders")).status, role).toBe(403);
    }
  });

  it("when the owner's licence is not approved yet, then the order is refused as a purchase would be", async () => {
    const pending = await createUser(ctx.db, { verificationStatus: "pending", serviceLatitude: PARRAMATTA.latitude, serviceLongitude: PARRAMATTA.longitude });
    const res = await (await signIn(ctx.server, pending.username)).post("/api/auto-buy-orders").send(anOrder());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(VETTING_MESSAGES.pendingCannotBuy);
  });
});

describe("creating and listing", () => {
  it("when the owner saves an order, then it is active, needs no card in demo mode, and is listed first with nothing spent", async () => {
    const first = await create(owner, anOrder({ suburbId: parramatta, radiusKm: 15, serviceTypes: ["repair", "repair"], urgencies: ["emergency"] }));
    expect(first).toMatchObject({
      status: "active",
      pausedReason: null,
      suburbLabel: "Parramatta NSW 2150",
      serviceTypes: ["repair"],
      maxPrice: "20.00",
      maxPerWeek: "200.00",
      spentToday: "0.00",
      boughtToday: 0,
      spentThisWeek: "0.00",
      card: { status: "demo", brand: null, last4: null },
      setup: null,
    });
    const second = await create(owner, anOrder({ radiusKm: null }));
    const list = autoBuyOrderList.parse((await owner.get("/api/auto-buy-orders")).body);
    expect(list.orders.slice(0, 2).map((o) => o.id)).toEqual([second.id, first.id]);
    expect(list.orders.every((o) => o.id !== undefined)).toBe(true);
    expect((await rival.get("/api/auto-buy-orders")).body.orders.map((o: { id: number }) => o.id)).not.toContain(first.id);
  });

  it("when a pause date ahead is given, then the new order starts paused until it", async () => {
    const until = aedt("2026-11-27T07:00").toISOString();
    expect(await create(owner, anOrder({ pausedUntil: until }))).toMatchObject({ status: "paused", pausedReason: "until_date", pausedUntil: until });
  });

  it.each([
    ["a zero maximum", { maxPrice: "0" }, "maxPrice", AUTO_BUY_MESSAGES.maxPrice],
    ["three decimals", { maxPrice: "20.001" }, "maxPrice", AUTO_BUY_MESSAGES.maxPrice],
    ["no weekly cap", { maxPerWeek: undefined }, "maxPerWeek", AUTO_BUY_MESSAGES.maxPerWeek],
    ["no leads a day", { maxPerDay: 0 }, "maxPerDay", AUTO_BUY_MESSAGES.maxPerDay],
    ["a radius too wide", { radiusKm: 501 }, "radiusKm", AUTO_BUY_MESSAGES.radius],
    ["a suburb with no radius", { suburbId: 1, radiusKm: null }, "radiusKm", AUTO_BUY_MESSAGES.radiusNeedsSuburb],
    ["a suburb that is not on the list", { suburbId: 987654, radiusKm: 10 }, "suburbId", AUTO_BUY_MESSAGES.suburbNotFound],
    ["a lead score above 100", { minLeadScore: 101 }, "minLeadScore", AUTO_BUY_MESSAGES.minLeadScore],
    ["a pause date already past", { pausedUntil: aedt("2026-11-25T09:00").toISOString() }, "pausedUntil", AUTO_BUY_MESSAGES.pausedUntil],
    ["a pause date that is not a date", { pausedUntil: "next Tuesday" }, "pausedUntil", AUTO_BUY_MESSAGES.pausedUntil],
  ])("when the order has %s, then 400 with the field's message", async (_name, change, field, message) => {
    const res = await owner.post("/api/auto-buy-orders").send(anOrder(change));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it("when a field is unknown or the body is not an object, then 400, never 500", async () => {
    expect((await owner.post("/api/auto-buy-orders").send(anOrder({ maxPrise: "20" }))).status).toBe(400);
    expect((await owner.post("/api/auto-buy-orders").send([1, 2])).status).toBe(400);
    expect((await owner.post("/api/auto-buy-orders").set("Content-Type", "application/json").send("{")).status).toBe(400);
  });

  it("when the owner has no service location, then an order around it is refused and one around a suburb is not", async () => {
    const nowhere = await signIn(ctx.server, (await createUser(ctx.db)).username);
    const res = await nowhere.post("/api/auto-buy-orders").send(anOrder({ radiusKm: null }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTO_BUY_MESSAGES.noServiceArea);
    await create(nowhere, anOrder({ suburbId: parramatta, radiusKm: 10 }));
  });

  it(`when an owner keeps ${AUTO_BUY_MAX_ORDERS} orders, then another is 409 until one is deleted`, async () => {
    const busy = await createUser(ctx.db, { serviceLatitude: PARRAMATTA.latitude, serviceLongitude: PARRAMATTA.longitude });
    const rows = Array.from({ length: AUTO_BUY_MAX_ORDERS }, () => ({ ownerId: busy.id, maxPrice: "10.00", maxPerDay: 1, maxPerWeek: "50.00" }));
    const made = await ctx.db.insert(autoBuyOrders).values(rows).returning();
    const agent = await signIn(ctx.server, busy.username);
    const refused = await agent.post("/api/auto-buy-orders").send(anOrder());
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(AUTO_BUY_MESSAGES.tooManyOrders);
    expect((await agent.delete(`/api/auto-buy-orders/${made[0]!.id}`)).status).toBe(204);
    await create(agent);
  });
});

describe("editing, pausing and deleting", () => {
  it("when the owner pauses, resumes and pauses until a date, then the status follows and every write moves updated_at", async () => {
    const order = await create(owner);
    const before = (await rowOf(order.id)).updatedAt;
    const paused = await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ status: "paused" });
    expect(paused.body).toMatchObject({ status: "paused", pausedReason: "owner", pausedUntil: null });
    expect((await rowOf(order.id)).updatedAt.getTime()).toBeGreaterThan(before.getTime());
    expect((await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ status: "active" })).body).toMatchObject({ status: "active", pausedReason: null });
    const until = aedt("2026-11-25T18:00").toISOString();
    expect((await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ pausedUntil: until })).body).toMatchObject({
      status: "paused",
      pausedReason: "until_date",
      pausedUntil: until,
    });
    const past = await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ pausedUntil: aedt("2026-11-24T18:00").toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.errors.pausedUntil).toBe(AUTO_BUY_MESSAGES.pausedUntil);
    // The date passes: the order is active again by itself.
    clock = aedt("2026-11-25T18:00");
    try {
      const listed = (await owner.get("/api/auto-buy-orders")).body.orders.find((o: { id: number }) => o.id === order.id);
      expect(listed).toMatchObject({ status: "active", pausedReason: null, pausedUntil: null });
    } finally {
      clock = aedt("2026-11-25T10:00");
    }
  });

  it("when an order was paused by a missed promise, then the owner's resume clears it", async () => {
    const order = await create(owner);
    await ctx.db.update(autoBuyOrders).set({ pausedReason: "missed_promise" }).where(eq(autoBuyOrders.id, order.id));
    expect((await owner.get("/api/auto-buy-orders")).body.orders.find((o: { id: number }) => o.id === order.id)).toMatchObject({
      status: "paused",
      pausedReason: "missed_promise",
    });
    expect((await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ status: "active" })).body.status).toBe("active");
  });

  it("when fields are edited, then the merged order is checked whole and saved", async () => {
    const order = await create(owner);
    const edited = await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ maxPrice: 24.1, propertyTypes: ["commercial"], verifiedMobileOnly: true });
    expect(edited.body).toMatchObject({ maxPrice: "24.10", propertyTypes: ["commercial"], verifiedMobileOnly: true, radiusKm: 20 });
    const suburbOnly = await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ suburbId: parramatta, radiusKm: null });
    expect(suburbOnly.status).toBe(400);
    expect(suburbOnly.body.errors.radiusKm).toBe(AUTO_BUY_MESSAGES.radiusNeedsSuburb);
    const around = await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ suburbId: parramatta });
    expect(around.body).toMatchObject({ suburbId: parramatta, radiusKm: 20, suburbLabel: "Parramatta NSW 2150" });
    const bad = await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ maxPerDay: "lots" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.maxPerDay).toBe(AUTO_BUY_MESSAGES.maxPerDay);
    expect((await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ status: "stopped" })).status).toBe(400);
  });

  it("when another owner edits, deletes or saves a card on the order, then it is not found", async () => {
    const order = await create(owner);
    expect((await rival.patch(`/api/auto-buy-orders/${order.id}`).send({ status: "paused" })).status).toBe(404);
    expect((await rival.delete(`/api/auto-buy-orders/${order.id}`)).status).toBe(404);
    expect((await rival.post(`/api/auto-buy-orders/${order.id}/card`).send({ setupIntentId: "seti_1" })).status).toBe(404);
    expect((await owner.patch("/api/auto-buy-orders/not-a-number").send({ status: "paused" })).status).toBe(400);
    expect((await rowOf(order.id)).pausedReason).toBeNull();
  });

  it("when the owner deletes an order, then it leaves the list, a second delete is 404, and its purchases keep it", async () => {
    const order = await create(owner);
    const purchase = await createPurchase(ctx.db, cast.people.owner.id, { purchase: { autoBuyOrderId: order.id, purchasedAt: clock } });
    expect((await owner.delete(`/api/auto-buy-orders/${order.id}`)).status).toBe(204);
    expect((await owner.get("/api/auto-buy-orders")).body.orders.map((o: { id: number }) => o.id)).not.toContain(order.id);
    expect((await owner.delete(`/api/auto-buy-orders/${order.id}`)).status).toBe(404);
    expect((await owner.patch(`/api/auto-buy-orders/${order.id}`).send({ status: "active" })).status).toBe(404);
    const [kept] = await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, purchase.id));
    expect(kept!.autoBuyOrderId).toBe(order.id);
    expect((await rowOf(order.id)).deletedAt).not.toBeNull();
  });
});

describe("the caps' use", () => {
  it("when the order bought today, earlier this week and last week, then today and this week count in Sydney time, refunds included", async () => {
    const order = await create(owner);
    const buy = (wall: string, amountPaid: string, refunded = false) =>
      createPurchase(ctx.db, cast.people.owner.id, {
        purchase: { autoBuyOrderId: order.id, purchasedAt: aedt(wall), amountPaid, ...(refunded ? { refundAmount: amountPaid, refundedAt: clock } : {}) },
      });
    await buy("2026-11-25T09:00", "24.10");
    await buy("2026-11-25T00:30", "10.00", true); // refunded: no room given back
    await buy("2026-11-23T00:00", "30.00"); // Monday's first instant: this week
    await buy("2026-11-24T23:59", "5.00"); // yesterday
    await buy("2026-11-22T23:59", "50.00"); // Sunday night: last week
    await createPurchase(ctx.db, cast.people.owner.id, { purchase: { purchasedAt: clock, amountPaid: "99.00" } }); // a manual purchase
    const listed = (await owner.get("/api/auto-buy-orders")).body.orders.find((o: { id: number }) => o.id === order.id);
    expect(listed).toMatchObject({ boughtToday: 2, spentToday: "34.10", spentThisWeek: "69.10" });
  });
});

describe("the preview", () => {
  // Leads seeded around Parramatta over the last 30 days (AEDT). The order: repairs within 20 km
  // of the service location, at most $20.00 a lead, 2 a day, $60.00 a week. A lead that reaches
  // $20.00 is bought at $20.00 (a falling price passes every cent); one starting below at its start.
  const order = { radiusKm: 20, serviceTypes: ["repair"], maxPrice: "20.00", maxPerDay: 2, maxPerWeek: "60.00" };
  const seeded = [
    // Week of Monday 16 November.
    { at: "2026-11-16T09:00", start: "40.00" }, // bought 20.00 (Monday's first)
    { at: "2026-11-16T11:00", start: "40.00" }, // bought 20.00 (Monday's second; week 40.00)
    { at: "2026-11-16T13:00", start: "40.00" }, // skipped: 2 a day
    { at: "2026-11-17T09:00", start: "15.00" }, // bought 15.00 at once (week 55.00)
    { at: "2026-11-18T09:00", start: "40.00" }, // skipped: 75.00 > 60.00
    { at: "2026-11-19T09:00", start: "5.00" }, // bought 5.00 (week 60.00)
    { at: "2026-11-22T23:30", start: "3.00" }, // skipped: Sunday night is still that week (63.00)
    // This week.
    { at: "2026-11-23T09:00", start: "40.00", sold: { at: "2026-11-23T09:10", price: "33.33" } }, // sold above $20 before the price got there
    { at: "2026-11-23T12:00", start: "40.00", sold: { at: "2026-11-23T12:50", price: "6.67" } }, // sold after: the order would have had it, 20.00
    { at: "2026-11-24T09:00", start: "40.00", place: NEWCASTLE }, // out of the area
    { at: "2026-11-24T10:00", start: "40.00", source: "provider_manual" as const }, // an electrician's own job
    { at: "2026-11-24T11:00", start: "40.00", serviceType: "installation" }, // not a repair
    { at: "2026-11-25T09:40", start: "40.00" }, // reaches $20 at 10:10, after now
    { at: "2026-10-20T09:00", start: "40.00" }, // older than 30 days
  ];

  beforeAll(async () => {
    // A market of the preview's own: leads seeded by the other tests are far in the past or future of these.
    for (const lead of seeded) {
      const at = aedt(lead.at);
      const made = await createLead(ctx.db, {
        ...(lead.place ?? PARRAMATTA),
        serviceType: lead.serviceType ?? "repair",
        source: lead.source ?? "quote_form",
        startingPrice: lead.start,
        currentPrice: lead.start,
        auctionStartedAt: at,
        createdAt: at,
        status: lead.sold ? "sold" : "available",
      });
      if (lead.sold)
        await createPurchase(ctx.db, cast.people.rival.id, {
          purchase: { leadId: made.id, purchasedAt: aedt(lead.sold.at), amountPaid: lead.sold.price, originalPrice: lead.sold.price },
        });
    }
  });

  it("when the order is previewed, then it would have bought the five leads figured by hand, at $16.00 on average", async () => {
    const res = await owner.post("/api/auto-buy-orders/preview").send(order);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 20.00 + 20.00 + 15.00 + 5.00 + 20.00 = 80.00 over 5.
    expect(res.body).toEqual({ leads: 5, averagePrice: "16.00" });
  });

  it("when the caps are wide, then the capped leads count too; when nothing matches, then 0 and 0.00", async () => {
    const wide = await owner.post("/api/auto-buy-orders/preview").send({ ...order, maxPerDay: 10, maxPerWeek: "1000" });
    // Adds 16 Nov 13:00 (20.00), 18 Nov (20.00), 22 Nov (3.00): 123.00 over 8 = 15.375, rounded half up.
    expect(wide.body).toEqual({ leads: 8, averagePrice: "15.38" });
    expect((await owner.post("/api/auto-buy-orders/preview").send({ ...order, serviceTypes: ["inspection"] })).body).toEqual({
      leads: 0,
      averagePrice: "0.00",
    });
    expect((await owner.post("/api/auto-buy-orders/preview").send({ ...order, maxPrice: "-1" })).status).toBe(400);
  });
});

describe("what saving would buy now, and the business's caps", () => {
  // An owner of their own in Brisbane, far from every other lead of this file. $40.00 falling to
  // $0 over an hour: 45 minutes in $10.00, 30 minutes in $20.00, 3 minutes in $38.00.
  const BRISBANE = { serviceLatitude: "-27.4698", serviceLongitude: "153.0251", serviceRadius: 20 };
  const order = { radiusKm: 20, maxPrice: "25.00", maxPerDay: 5, maxPerWeek: "500.00" };
  let brisbane: request.Agent;
  let brisbaneId: number;
  let cheap: number, under: number, over: number;

  beforeAll(async () => {
    clock = aedt("2026-11-25T10:00");
    const person = await createUser(ctx.db, BRISBANE);
    brisbaneId = person.id;
    brisbane = await signIn(ctx.server, person.username);
    const lead = async (minutesIn: number) => {
      const at = new Date(clock.getTime() - minutesIn * 60_000);
      const made = await createLead(ctx.db, {
        latitude: BRISBANE.serviceLatitude,
        longitude: BRISBANE.serviceLongitude,
        suburb: "Brisbane City",
        auctionStartedAt: at,
        createdAt: at,
      });
      return made.id;
    };
    under = await lead(30);
    over = await lead(3);
    cheap = await lead(45);
  });

  const buysNow = async (agent: request.Agent, body: Record<string, unknown>) => {
    const res = await agent.post("/api/auto-buy-orders/buys-now").send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return autoBuyBuysNowResponse.parse(res.body);
  };

  it("when an order's maximum is above some leads' price now, then those are named at today's price, the one still dearer is not, the first to reach the maximum first", async () => {
    const answer = await buysNow(brisbane, order);
    expect(answer.leads.map((l) => [l.leadId, l.price])).toEqual([
      [cheap, "10.00"],
      [under, "20.00"],
    ]);
    expect(answer.total).toBe("30.00");
    expect(answer.leads[0]!.title).toContain("in Brisbane City");
    expect(answer.leads.map((l) => l.leadId)).not.toContain(over);
    // Nothing is bought by asking.
    expect(await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.leadId, cheap))).toEqual([]);
  });

  it("when the order's caps or a pause date ahead allow fewer, then fewer: 1 a day buys one, $15 a week only the cheap one, a pause none", async () => {
    expect((await buysNow(brisbane, { ...order, maxPerDay: 1 })).leads.map((l) => l.leadId)).toEqual([cheap]);
    expect((await buysNow(brisbane, { ...order, maxPerWeek: "15.00" })).leads.map((l) => l.leadId)).toEqual([cheap]);
    expect(await buysNow(brisbane, { ...order, pausedUntil: aedt("2026-11-26T10:00").toISOString() })).toEqual({ leads: [], total: "0.00" });
    expect((await brisbane.post("/api/auto-buy-orders/buys-now").send({ ...order, maxPrice: "0" })).status).toBe(400);
  });

  it("when an order being edited bought today already, then what it bought counts against its caps; another owner's order is 404", async () => {
    const saved = await create(brisbane, { ...order, maxPerDay: 2 });
    await createPurchase(ctx.db, brisbaneId, { purchase: { autoBuyOrderId: saved.id, purchasedAt: aedt("2026-11-25T08:00"), amountPaid: "12.00" } });
    expect((await buysNow(brisbane, { ...order, maxPerDay: 2, orderId: saved.id })).leads.map((l) => l.leadId)).toEqual([cheap]);
    expect((await brisbane.post("/api/auto-buy-orders/buys-now").send({ ...order, orderId: (await create(rival)).id })).status).toBe(404);
    await brisbane.delete(`/api/auto-buy-orders/${saved.id}`);
  });

  it("when the owner sets business caps, then they are listed with the day's and week's use across all orders and limit what a new order would buy; blank is none; a team member cannot", async () => {
    const put = await brisbane.put("/api/auto-buy-orders/business-caps").send({ maxPerDay: 2, maxPerWeek: "40" });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // The 12.00 bought this morning by the order deleted above still counts for the business.
    expect(put.body).toEqual({ maxPerDay: 2, maxPerWeek: "40.00", boughtToday: 1, spentThisWeek: "12.00" });
    expect((await brisbane.get("/api/auto-buy-orders")).body.businessCaps).toEqual(put.body);
    // A new order with room for 5 a day buys one more: the business has 1 of its 2 left.
    expect((await buysNow(brisbane, order)).leads.map((l) => l.leadId)).toEqual([cheap]);
    await brisbane.put("/api/auto-buy-orders/business-caps").send({ maxPerDay: null, maxPerWeek: "30.00" });
    // $18.00 of the week left: the cheap lead (10.00) fits, the other (20.00) does not.
    expect((await buysNow(brisbane, order)).leads.map((l) => l.leadId)).toEqual([cheap]);
    const blank = await brisbane.put("/api/auto-buy-orders/business-caps").send({ maxPerDay: null, maxPerWeek: null });
    expect(blank.body).toMatchObject({ maxPerDay: null, maxPerWeek: null });
    expect((await buysNow(brisbane, order)).leads).toHaveLength(2);
    expect((await brisbane.put("/api/auto-buy-orders/business-caps").send({ maxPerDay: 0, maxPerWeek: null })).body.errors.maxPerDay).toBe(
      AUTO_BUY_MESSAGES.maxPerDay,
    );
    const member = await cast.agents.member.put("/api/auto-buy-orders/business-caps").send({ maxPerDay: 1, maxPerWeek: null });
    expect(member.status).toBe(403);
    expect((await cast.agents.member.get("/api/auto-buy-orders")).status).toBe(403);
  });
});

describe("the card, in Stripe mode", () => {
  it("when an order is created, then a SetupIntent on the owner's one customer is made, and the confirmed card is saved", async () => {
    const fake = await startFakeStripe();
    try {
      const stripe = createStripeClient("sk_test_fake", fake.connection);
      await withTestApp(
        { payments: createStripeGateway(stripe), stripe, env: { STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake" } },
        async (app) => {
          const place = { serviceLatitude: PARRAMATTA.latitude, serviceLongitude: PARRAMATTA.longitude };
          const people: User[] = [await createUser(app.db, place), await createUser(app.db, place)];
          const [mine, theirs] = await Promise.all(people.map((p) => signIn(app.app, p.username)));
          const made = await mine!.post("/api/auto-buy-orders").send(anOrder());
          expect(made.status).toBe(201);
          expect(made.body.card).toEqual({ status: "needed", brand: null, last4: null });
          const setupId = String(made.body.setup.clientSecret).split("_secret_")[0]!;
          const [customer] = await app.db.select().from(autoBuyCustomers).where(eq(autoBuyCustomers.ownerId, people[0]!.id));
          expect(fake.setupIntents.get(setupId)).toMatchObject({
            usage: "off_session",
            customer: customer!.stripeCustomerId,
            metadata: { ownerId: String(people[0]!.id), orderId: String(made.body.id) },
          });

          const early = await mine!.post(`/api/auto-buy-orders/${made.body.id}/card`).send({ setupIntentId: setupId });
          expect(early.status).toBe(400);
          expect(early.body.message).toBe(AUTO_BUY_MESSAGES.cardNotConfirmed);
          fake.confirmSetup(setupId, { brand: "mastercard", last4: "4444" });
          // Another owner's order cannot take this card: their customer is not the intent's.
          const theirOrder = await theirs!.post("/api/auto-buy-orders").send(anOrder());
          expect((await theirs!.post(`/api/auto-buy-orders/${theirOrder.body.id}/card`).send({ setupIntentId: setupId })).status).toBe(400);
          expect((await mine!.post("/api/auto-buy-orders/999999/card").send({ setupIntentId: setupId })).status).toBe(404);
          expect((await mine!.post(`/api/auto-buy-orders/${made.body.id}/card`).send({ setupIntentId: "seti_nope" })).status).toBe(400);

          const saved = await mine!.post(`/api/auto-buy-orders/${made.body.id}/card`).send({ setupIntentId: setupId });
          expect(saved.status, JSON.stringify(saved.body)).toBe(200);
          expect(saved.body.card).toEqual({ status: "saved", brand: "mastercard", last4: "4444" });
          const [row] = await app.db.select().from(autoBuyOrders).where(eq(autoBuyOrders.id, made.body.id));
          expect(row!.paymentMethodId).toBe(fake.setupIntents.get(setupId)!.payment_method);

          // A second order: the same customer, a new SetupIntent.
          const again = await mine!.post("/api/auto-buy-orders").send(anOrder());
          expect(fake.setupIntents.get(String(again.body.setup.clientSecret).split("_secret_")[0]!)!.customer).toBe(customer!.stripeCustomerId);
          expect(fake.customers.size).toBe(2);
        },
      );
    } finally {
      await fake.stop();
    }
  });

  it("when Stripe is down as the order is saved, then 502 and no order is left behind", async () => {
    const fake = await startFakeStripe();
    try {
      const stripe = createStripeClient("sk_test_fake", fake.connection);
      await withTestApp(
        { payments: createStripeGateway(stripe), stripe, env: { STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake" } },
        async (app) => {
          const someone = await createUser(app.db, { serviceLatitude: PARRAMATTA.latitude, serviceLongitude: PARRAMATTA.longitude });
          const agent = await signIn(app.app, someone.username);
          fake.failNext(2, { path: /setup_intents/ });
          expect((await agent.post("/api/auto-buy-orders").send(anOrder())).status).toBe(502);
          expect((await agent.get("/api/auto-buy-orders")).body.orders).toEqual([]);
        },
      );
    } finally {
      await fake.stop();
    }
  });
});
