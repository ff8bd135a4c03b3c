// Chargebacks (docs/decisions/093-disputes.md) as Stripe reports them, through the real `stripe`
// SDK's signature check against the local stand-in (server/test/fake-stripe.ts): each event applied
// once and in Stripe's order whatever order it arrives in, on the platform's webhook and the
// Connect one; the operator's list, soonest deadline first; and no refund of ours while a
// purchase is disputed or after the dispute was lost, again once it was won.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISPUTE_MESSAGES, type DisputeView } from "../../../shared/disputes";
import { paymentDisputes } from "../../../shared/schema";
import { refundPurchase } from "../../core/refunds";
import { createStripeClient, createStripeGateway } from "../../platform/payments/stripe-gateway";
import { createPurchase, createUser } from "../../setup/factories";
import { createTestApp, type TestApp } from "../../test/app";
import { startFakeStripe } from "../../test/fake-stripe";
import { adminAuth, signIn, TEST_ADMIN } from "../../test/sign-in";

const PLATFORM_SECRET = "whsec_platform_disputes";
const CONNECT_SECRET = "whsec_connect_disputes";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let ctx: TestApp;
let auth: string;
let buyerId: number;
let buyer: request.Agent;
let nextIntent = 0;
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  fake = await startFakeStripe();
  const stripe = createStripeClient("sk_test_fake", fake.connection);
  ctx = await createTestApp({
    env: {
      ...TEST_ADMIN,
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
      STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    },
    payments: createStripeGateway(stripe),
    stripe,
    startAlertWorker: false,
    startAutoBuy: false,
  });
  auth = await adminAuth(ctx.server);
  const dave = await createUser(ctx.db, { firstName: "Dave", lastName: "Wilson", companyName: "Sparkright Electrical" });
  buyerId = dave.id;
  buyer = await signIn(ctx.server, dave.username);
});
afterAll(async () => {
  await ctx?.destroy();
  await fake?.stop();
});

/** A lead purchase paid through Stripe on the platform's account. */
async function paidPurchase() {
  const intentId = `pi_disputed_${++nextIntent}`;
  const purchase = await createPurchase(ctx.db, buyerId, { purchase: { paymentIntentId: intentId, amountPaid: "52.00" } });
  return { purchase, intentId };
}

const deliver = (path: "webhook" | "connect-webhook", signed: { payload: string; signature: string }) =>
  request(ctx.server).post(`/api/stripe/${path}`).set("Content-Type", "application/json").set("Stripe-Signature", signed.signature).send(signed.payload);

const platform = (type: string, dispute: object, at: number, id?: string) =>
  deliver("webhook", fake.platformEvent(type, dispute, { secret: PLATFORM_SECRET, at, id }));

const refund = (purchaseId: number) =>
  ctx.db.transaction((tx) =>
    refundPurchase(
      tx,
      { payments: createStripeGateway(createStripeClient("sk_test_fake", fake.connection)) },
      { purchaseId, reason: "bad_lead", now: new Date() },
    ),
  );

const disputeRow = async (stripeDisputeId: string) =>
  (await ctx.db.select().from(paymentDisputes).where(eq(paymentDisputes.stripeDisputeId, stripeDisputeId)))[0];

const operatorList = async () => (await request(ctx.server).get("/api/admin/disputes").set("Authorization", auth)).body.items as DisputeView[];

describe("a dispute of a lead purchase", () => {
  it("when Stripe opens it, then the operator sees it with the purchase, the reason, the amount and the deadline; a replay changes nothing", async () => {
    const { purchase, intentId } = await paidPurchase();
    const dueBy = now + 5 * 86400;
    const opened = fake.platformEvent(
      "charge.dispute.created",
      fake.dispute(intentId, { id: "dp_opened", amount: 5200, reason: "product_not_received", dueBy }),
      {
        secret: PLATFORM_SECRET,
        at: now,
      },
    );
    expect((await deliver("webhook", opened)).body).toEqual({ received: true, duplicate: false });
    expect((await deliver("webhook", opened)).body).toEqual({ received: true, duplicate: true });
    const shown = (await operatorList()).find((d) => d.purchase?.id === purchase.id);
    expect(shown).toMatchObject({
      status: "needs_response",
      reason: "product_not_received",
      amount: "52.00",
      currency: "aud",
      evidenceDueBy: new Date(dueBy * 1000).toISOString(),
      stripeAccount: null,
      purchase: { id: purchase.id, buyer: "Dave Wilson, Sparkright Electrical", refundedAt: null },
    });
  });

  it("when a purchase is disputed, then its buyer's card says so, what for and by when, without the money", async () => {
    const { purchase, intentId } = await paidPurchase();
    const calm = await paidPurchase();
    const dueBy = now + 3 * 86400;
    await platform("charge.dispute.created", fake.dispute(intentId, { id: "dp_card", reason: "duplicate", dueBy }), now);
    const cards = (await buyer.get("/api/my-purchased-leads")).body as Array<{ id: number; dispute: unknown }>;
    expect(cards.find((c) => c.id === purchase.id)?.dispute).toEqual({
      status: "needs_response",
      reason: "duplicate",
      evidenceDueBy: new Date(dueBy * 1000).toISOString(),
    });
    expect(cards.find((c) => c.id === calm.purchase.id)?.dispute).toBeNull();
  });

  it("when its events arrive out of order, then it stands as Stripe's latest says, and when the money moved is kept", async () => {
    const { intentId } = await paidPurchase();
    const created = fake.dispute(intentId, { id: "dp_order", status: "needs_response" });
    const review = fake.dispute(intentId, { id: "dp_order", status: "under_review" });
    const won = fake.dispute(intentId, { id: "dp_order", status: "won", dueBy: null });
    // The decision first, then the older news, the oldest last.
    await platform("charge.dispute.funds_reinstated", won, now + 20);
    await platform("charge.dispute.closed", won, now + 20);
    await platform("charge.dispute.updated", review, now + 10);
    await platform("charge.dispute.funds_withdrawn", created, now + 1);
    await platform("charge.dispute.created", created, now);
    expect(await disputeRow("dp_order")).toMatchObject({
      status: "won",
      changedAt: new Date((now + 20) * 1000),
      fundsWithdrawnAt: new Date((now + 1) * 1000),
      fundsReinstatedAt: new Date((now + 20) * 1000),
    });
  });

  it("when a dispute is open, then no refund of ours: the refund says why and no money moves; once lost, still none", async () => {
    const { purchase, intentId } = await paidPurchase();
    await platform("charge.dispute.created", fake.dispute(intentId, { id: "dp_lost" }), now);
    const before = fake.refunds.length;
    await expect(refund(purchase.id)).rejects.toMatchObject({ status: 409, message: DISPUTE_MESSAGES.refundRefused });
    await platform("charge.dispute.closed", fake.dispute(intentId, { id: "dp_lost", status: "lost", dueBy: null }), now + 30);
    await expect(refund(purchase.id)).rejects.toMatchObject({ status: 409, message: DISPUTE_MESSAGES.refundRefused });
    expect(fake.refunds.length).toBe(before);
  });

  it("when the dispute was won, then the refund path opens again and refunds once", async () => {
    const { purchase, intentId } = await paidPurchase();
    await platform("charge.dispute.created", fake.dispute(intentId, { id: "dp_won" }), now);
    await expect(refund(purchase.id)).rejects.toMatchObject({ status: 409 });
    await platform("charge.dispute.closed", fake.dispute(intentId, { id: "dp_won", status: "won", dueBy: null }), now + 30);
    const before = fake.refunds.length;
    await refund(purchase.id);
    expect(fake.refunds.slice(before)).toEqual([{ payment_intent: intentId, amount: 5200 }]);
  });

  it("when a bank disputes a purchase we had refunded, then the operator's list says we refunded it, and when", async () => {
    const { purchase, intentId } = await paidPurchase();
    const refunded = await refund(purchase.id);
    await platform("charge.dispute.created", fake.dispute(intentId, { id: "dp_after_refund" }), now);
    const shown = (await operatorList()).find((d) => d.purchase?.id === purchase.id);
    expect(shown?.purchase?.refundedAt).toBe(refunded.createdAt.toISOString());
  });
});

describe("a dispute of a customer's payment to an electrician", () => {
  it("when Stripe reports it on the Connect endpoint, then it is kept with the electrician's account, and the list puts the soonest deadline first", async () => {
    const soon = now + 2 * 86400;
    const signed = fake.connectEvent("charge.dispute.created", fake.dispute("pi_on_account", { id: "dp_connect", amount: 110000, dueBy: soon }), {
      account: "acct_electrician_1",
      secret: CONNECT_SECRET,
      at: now,
    });
    expect((await deliver("connect-webhook", signed)).status).toBe(200);
    expect(await disputeRow("dp_connect")).toMatchObject({ stripeAccount: "acct_electrician_1", purchaseId: null, amountCents: 110000 });
    const list = await operatorList();
    const open = list.filter((d) => d.status === "needs_response" || d.status === "under_review");
    expect(open[0]).toMatchObject({ stripeAccount: "acct_electrician_1", amount: "1100.00", evidenceDueBy: new Date(soon * 1000).toISOString() });
    // Open ones first, soonest deadline first; decided ones after them.
    const dues = open.map((d) => d.evidenceDueBy ?? "");
    expect(dues).toEqual([...dues].sort());
    expect(list.findIndex((d) => d.status === "won")).toBeGreaterThan(list.findLastIndex((d) => d.status === "needs_response"));
  });

  it("when the event's dispute is not one we can read, then it is acknowledged and kept nowhere", async () => {
    const signed = fake.platformEvent("charge.dispute.created", { id: "dp_odd", object: "dispute" }, { secret: PLATFORM_SECRET });
    expect((await deliver("webhook", signed)).status).toBe(200);
    expect(await disputeRow("dp_odd")).toBeUndefined();
  });
});
