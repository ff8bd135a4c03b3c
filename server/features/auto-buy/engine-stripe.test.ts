// An order's saved card (docs/decisions/064-auto-buy-engine.md), against the Stripe stand-in that
// speaks Stripe's HTTP: an off-session, manual-capture PaymentIntent on the owner's customer and
// card, captured inside the sale; a declined card pauses the order and tells its owner at once;
// an order that loses the lead after its card was held is never charged.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { autoBuyOrders, leads } from "../../../shared/schema";
import type { PaymentGateway } from "../../platform/payments";
import { createStripeClient, createStripeGateway } from "../../platform/payments/stripe-gateway";
import { createTestApp, type TestApp } from "../../test/app";
import { startFakeStripe } from "../../test/fake-stripe";
import { movableClock, sydney } from "../../core/messages/test/messages";
import { autoBoughtBy, clearMarket, leadInParramatta, noticesTo, orderFor, orderRow, ownerAt, purchasesOf, pushAndEmail, savedCard } from "./test/engine";

const clock = movableClock(sydney("2026-11-23 12:00"));
let ctx: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
/** Runs right after an order's card is held: a test makes someone else win the lead there. */
let afterHold: ((leadId: number) => Promise<void>) | null = null;

beforeAll(async () => {
  fake = await startFakeStripe();
  const stripe = createStripeClient("sk_test_fake", fake.connection);
  const gateway = createStripeGateway(stripe);
  const payments: PaymentGateway = {
    ...gateway,
    async chargeSavedCard(input) {
      const held = await gateway.chargeSavedCard(input);
      await afterHold?.(input.leadId);
      return held;
    },
  };
  ctx = await createTestApp({
    suburbs: true,
    now: clock.now,
    startAlertWorker: false,
    startAutoBuy: false,
    env: { STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake" },
    payments,
    stripe,
  });
});
afterEach(async () => {
  afterHold = null;
  await clearMarket(ctx.db);
});
afterAll(async () => {
  await ctx.destroy();
  await fake.stop();
});

describe("a saved card", () => {
  it("when an order with a saved card buys, then its owner's card is held off-session for the price and captured with the sale", async () => {
    const owner = await ownerAt(ctx.db);
    const order = await orderFor(ctx.db, owner.id);
    await savedCard(ctx.db, owner.id, order.id, "pm_card_ok");
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    const [purchase] = await autoBoughtBy(ctx.db, order.id);
    expect(purchase).toMatchObject({ leadId: lead.id, amountPaid: "28.00" });
    const intent = fake.intents.get(purchase!.paymentIntentId!)!;
    expect(intent).toMatchObject({
      status: "succeeded",
      amount: 2800,
      amount_received: 2800,
      capture_method: "manual",
      customer: `cus_${owner.id}`,
      payment_method: "pm_card_ok",
      off_session: true,
      metadata: { leadId: String(lead.id), buyerId: String(owner.id), autoBuyOrderId: String(order.id) },
    });
  });

  it("when an order has no saved card in Stripe mode, then it buys nothing, and an order with one does", async () => {
    const without = await orderFor(ctx.db, (await ownerAt(ctx.db)).id);
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    expect(await autoBoughtBy(ctx.db, without.id)).toEqual([]);
    const owner = await ownerAt(ctx.db);
    const withCard = await orderFor(ctx.db, owner.id, { createdAt: sydney("2026-11-01 09:00") });
    await savedCard(ctx.db, owner.id, withCard.id);
    await ctx.app.autoBuy.runOnce();
    expect((await autoBoughtBy(ctx.db, withCard.id)).map((p) => p.leadId)).toEqual([lead.id]);
  });
});

describe("a declined card", () => {
  it("when the bank declines the order's card, then the order pauses (card_declined), its owner is told by push and e-mail, and the next order in turn buys", async () => {
    const owner = await ownerAt(ctx.db);
    await pushAndEmail(ctx.db, owner.id);
    const declined = await orderFor(ctx.db, owner.id, { maxPrice: "35.00" });
    await savedCard(ctx.db, owner.id, declined.id, "pm_card_declined");
    fake.declineCard("pm_card_declined", "insufficient_funds");
    const rival = await ownerAt(ctx.db);
    const next = await orderFor(ctx.db, rival.id, { maxPrice: "30.00" });
    await savedCard(ctx.db, rival.id, next.id, "pm_card_rival");
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    expect(await orderRow(ctx.db, declined.id)).toMatchObject({ pausedReason: "card_declined", pausedUntil: null });
    const told = await noticesTo(ctx.db, owner.id, "auto-buy.declined:");
    expect(told.map((n) => n.channel).sort()).toEqual(["email", "push"]);
    expect(told.find((n) => n.channel === "push")!.payload).toMatchObject({ title: "Auto-buy paused: your card was declined" });
    expect(String(told.find((n) => n.channel === "email")!.payload.text)).toContain(
      "$28.00 for Emergency · Repair in Parramatta: the bank declined the card (insufficient funds)",
    );
    expect(told.every((n) => n.dueAt.getTime() === clock.now().getTime())).toBe(true);
    expect((await purchasesOf(ctx.db, lead.id)).map((p) => [p.autoBuyOrderId, p.amountPaid])).toEqual([[next.id, "28.00"]]);
    // Paused: the next lead is not tried on the declined card again.
    const calls = fake.calls.length;
    await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.db.update(leads).set({ isArchived: true }).where(eq(leads.id, lead.id));
    await ctx.db.update(autoBuyOrders).set({ deletedAt: new Date() }).where(eq(autoBuyOrders.id, next.id));
    await ctx.app.autoBuy.runOnce();
    expect(fake.calls.slice(calls).filter((c) => c === "POST /v1/payment_intents")).toEqual([]);
  });
});

describe("a saved card that is gone", () => {
  it("when the order's card was detached in Stripe, then the order pauses as for a decline and its owner is told, instead of a try every few seconds", async () => {
    const owner = await ownerAt(ctx.db);
    await pushAndEmail(ctx.db, owner.id);
    const order = await orderFor(ctx.db, owner.id, { maxPrice: "35.00" });
    await savedCard(ctx.db, owner.id, order.id, "pm_card_removed");
    fake.removeCard("pm_card_removed");
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    await ctx.app.autoBuy.runOnce();
    expect(await orderRow(ctx.db, order.id)).toMatchObject({ pausedReason: "card_declined", pausedUntil: null });
    const told = await noticesTo(ctx.db, owner.id, "auto-buy.declined:");
    expect(told.map((n) => n.channel).sort()).toEqual(["email", "push"]);
    expect(String(told.find((n) => n.channel === "email")!.payload.text)).toContain("the saved card is no longer on file at Stripe");
    expect(await purchasesOf(ctx.db, lead.id)).toEqual([]);
    const calls = fake.calls.length;
    clock.advance(10_000);
    await ctx.app.autoBuy.runOnce();
    expect(fake.calls.slice(calls).filter((c) => c === "POST /v1/payment_intents")).toEqual([]);
  });
});

describe("the loser is never charged", () => {
  it("when someone else wins the lead after the order's card was held, then the hold is cancelled and the order has no purchase", async () => {
    const owner = await ownerAt(ctx.db);
    const order = await orderFor(ctx.db, owner.id);
    await savedCard(ctx.db, owner.id, order.id, "pm_card_loser");
    const lead = await leadInParramatta(ctx.db, clock.now(), 18);
    afterHold = async (leadId) => {
      await ctx.db.update(leads).set({ status: "sold" }).where(eq(leads.id, leadId));
    };
    await ctx.app.autoBuy.runOnce();
    expect(await autoBoughtBy(ctx.db, order.id)).toEqual([]);
    const held = [...fake.intents.values()].filter((i) => i.payment_method === "pm_card_loser");
    expect(held.map((i) => [i.status, i.amount_received])).toEqual([["canceled", 0]]);
    expect(held[0]!.metadata.leadId).toBe(String(lead.id));
  });
});
