// The 48-hour refund of an unanswered "customer unreachable" claim (docs/decisions/049-missed-
// promises-and-refunds.md), on either database: found by the worker's sweep over
// unreachable_claimed_at (moved back here, as the clock's column), refunded once through the one
// refund function, never before 48 hours, never twice, never after the sale was undone.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contactAttempts,
  leadPurchases,
  operatorReviews,
  paymentDisputes,
  purchaseRefunds,
  type LeadPurchase,
  type OutboxStatus,
  type User,
} from "../../../shared/schema";
import { createLead, createReport, createUser } from "../../setup/factories";
import { createStripeClient, createStripeGateway } from "../../platform/payments/stripe-gateway";
import { createTestApp, type TestApp } from "../../test/app";
import { startFakeStripe } from "../../test/fake-stripe";
import { adminAuth, signIn, TEST_ADMIN, useOperatorApp } from "../../test/sign-in";
import request from "supertest";
import { createLogger } from "../../platform/logger";
import { refundIdempotencyKey } from "../../core/refunds/refund";
import { createUnreachableSweep } from "./sweep";
import { HOUR, purchaseWithTries, recordQuestion } from "./test/refunds";

const NOW = new Date("2026-11-26T04:00:00Z");
const ctx = useOperatorApp({ now: () => NOW, startAlertWorker: false });
let owner: User;

beforeAll(async () => {
  owner = await createUser(ctx.db);
});

/** A claim made `hoursAgo` (the column moved back), still waiting for the customer. */
async function claimedAgo(hoursAgo: number, purchase: Partial<typeof leadPurchases.$inferInsert> = {}, db = ctx.db, buyerId = owner.id) {
  const claimedAt = new Date(NOW.getTime() - hoursAgo * HOUR);
  return purchaseWithTries(db, buyerId, {
    boughtAt: new Date(claimedAt.getTime() - 6 * HOUR),
    tries: [[1], [5]],
    purchase: { unreachableClaimedAt: claimedAt, ...purchase },
  });
}
const refundsOf = (p: LeadPurchase, db = ctx.db) => db.select().from(purchaseRefunds).where(eq(purchaseRefunds.purchaseId, p.id));
const rowOf = async (p: LeadPurchase, db = ctx.db) => (await db.select().from(leadPurchases).where(eq(leadPurchases.id, p.id)))[0]!;
const sweep = () => ctx.app.alerts.runOnce();

describe("no answer in 48 hours", () => {
  it("when 48 hours have passed since the claim, then the purchase is refunded once (a demo credit, reason unreachable) and the claim ends refunded", async () => {
    const purchase = await claimedAgo(48);
    await sweep();
    await sweep();
    const refunds = await refundsOf(purchase);
    expect(refunds).toMatchObject([{ reason: "unreachable", amount: "40.00", reference: `credit:${refunds[0]!.id}`, createdAt: NOW }]);
    expect(await rowOf(purchase)).toMatchObject({
      paymentStatus: "refunded",
      refundAmount: "40.00",
      refundedAt: NOW,
      unreachableOutcome: "refunded",
      unreachableSettledAt: NOW,
    });
    const card = (await (await signIn(ctx.server, owner.username)).get("/api/my-purchased-leads")).body.find((p: { id: number }) => p.id === purchase.id);
    expect(card).toMatchObject({
      unreachable: { status: "refunded", at: NOW.toISOString() },
      refund: { amount: "40.00", reason: "unreachable", at: NOW.toISOString() },
    });
  });

  it("when a second short of 48 hours has passed, then nothing yet; moved back by that second, refunded on the next sweep", async () => {
    const purchase = await claimedAgo(48 - 1 / 3600);
    await sweep();
    expect(await refundsOf(purchase)).toEqual([]);
    await ctx.db
      .update(leadPurchases)
      .set({ unreachableClaimedAt: new Date(NOW.getTime() - 48 * HOUR) })
      .where(eq(leadPurchases.id, purchase.id));
    await sweep();
    expect(await refundsOf(purchase)).toHaveLength(1);
  });

  it("when many sweeps run at once, then each due claim is refunded once", async () => {
    const purchases = [await claimedAgo(50), await claimedAgo(60), await claimedAgo(72)];
    const logger = createLogger(ctx.config);
    const sweeps = Array.from({ length: 4 }, () => createUnreachableSweep({ db: ctx.db, payments: { mode: "demo" } as never, logger, now: () => NOW }));
    await Promise.all(sweeps.map((s) => s.run()));
    for (const p of purchases) expect(await refundsOf(p)).toHaveLength(1);
  });

  it("when the purchase was refunded meanwhile by a bad-lead approval, then the claim ends refunded and no second refund is made", async () => {
    const purchase = await claimedAgo(49);
    const report = await createReport(ctx.db, purchase);
    expect((await request(ctx.server).post(`/api/admin/reports/${report.id}/approve`).set("Authorization", ctx.auth).send({})).status).toBe(200);
    await sweep();
    expect(await refundsOf(purchase)).toMatchObject([{ reason: "bad_lead" }]);
    expect(await rowOf(purchase)).toMatchObject({ unreachableOutcome: "refunded" });
  });

  it("when the purchase is disputed with the card's bank, then no refund: the claim goes to the operator, once", async () => {
    const purchase = await claimedAgo(48);
    await ctx.db.insert(paymentDisputes).values({
      stripeDisputeId: `dp_sweep_${purchase.id}`,
      chargeId: "ch_sweep",
      purchaseId: purchase.id,
      amountCents: 4000,
      currency: "aud",
      reason: "fraudulent",
      status: "needs_response",
      changedAt: NOW,
    });
    await sweep();
    await sweep();
    expect(await refundsOf(purchase)).toEqual([]);
    expect(await rowOf(purchase)).toMatchObject({ unreachableOutcome: "operator", paymentStatus: "completed" });
    const cases = await ctx.db.select().from(operatorReviews).where(eq(operatorReviews.purchaseId, purchase.id));
    expect(cases).toMatchObject([{ kind: "unreachable_disputed", evidence: { dispute: { status: "needs_response", reason: "fraudulent" } } }]);
  });

  it("when the sale was released while the customer was asked, then nothing is refunded and the claim ends released", async () => {
    const purchase = await claimedAgo(49, { releasedAt: new Date(NOW.getTime() - HOUR) });
    await sweep();
    expect(await refundsOf(purchase)).toEqual([]);
    expect(await rowOf(purchase)).toMatchObject({ paymentStatus: "completed", unreachableOutcome: "released" });
  });

  it("when the customer was reached after the claim (a reached call, or the job moved on), then nothing is refunded and the claim ends answered", async () => {
    const called = await claimedAgo(49);
    await ctx.db
      .insert(contactAttempts)
      .values({ purchaseId: called.id, userId: owner.id, channel: "call", outcome: "reached", createdAt: new Date(NOW.getTime() - HOUR) });
    const quoted = await claimedAgo(49, { salesStage: "quote_sent", quoteSentAt: new Date(NOW.getTime() - HOUR) });
    await sweep();
    for (const p of [called, quoted]) {
      expect(await refundsOf(p)).toEqual([]);
      expect(await rowOf(p)).toMatchObject({ paymentStatus: "completed", unreachableOutcome: "customer_answered" });
    }
  });

  it("when a claim went to the operator, then the sweep never refunds it", async () => {
    const purchase = await claimedAgo(100, { unreachableOutcome: "operator", unreachableSettledAt: new Date(NOW.getTime() - 100 * HOUR) });
    await sweep();
    expect(await refundsOf(purchase)).toEqual([]);
  });

  it("when the question never reached the customer's own mobile (failed, dropped, still pending, never written, or sent elsewhere), then no refund: the operator gets the case", async () => {
    const claimedAt = new Date(NOW.getTime() - 49 * HOUR);
    const bought = (question: OutboxStatus | "none") =>
      purchaseWithTries(ctx.db, owner.id, {
        boughtAt: new Date(claimedAt.getTime() - 6 * HOUR),
        tries: [[1], [5]],
        purchase: { unreachableClaimedAt: claimedAt },
        question,
      });
    const unasked = [await bought("failed"), await bought("dropped"), await bought("pending"), await bought("none")];
    // Sent, but to a number that is not the customer's own (docs/decisions/073-the-customers-own-contact.md).
    const elsewhere = await bought("none");
    await recordQuestion(ctx.db, elsewhere, "0400000001", "sent", claimedAt);
    await sweep();
    for (const p of [...unasked, elsewhere]) {
      expect(await refundsOf(p)).toEqual([]);
      expect(await rowOf(p)).toMatchObject({ paymentStatus: "completed", unreachableOutcome: "operator", unreachableSettledAt: NOW });
      const cases = await ctx.db.select().from(operatorReviews).where(eq(operatorReviews.purchaseId, p.id));
      expect(cases).toMatchObject([{ kind: "unreachable_not_asked", status: "open" }]);
    }
    expect((await ctx.db.select().from(operatorReviews).where(eq(operatorReviews.purchaseId, unasked[0]!.id)))[0]!.evidence).toMatchObject({
      question: { status: "failed" },
    });
  });
});

describe("no answer in 48 hours, paid by card", () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const stripe = createStripeClient("sk_test_fake", fake.connection);
    app = await createTestApp({
      env: { ...TEST_ADMIN, STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake", LOG_LEVEL: "silent" },
      payments: createStripeGateway(stripe),
      stripe,
      now: () => NOW,
      startAlertWorker: false,
    });
  });
  afterAll(async () => {
    await app?.destroy();
    await fake?.stop();
  });

  /** A lead bought by card through the real routes, its claim then moved back 49 hours. */
  async function cardClaim() {
    const buyer = await createUser(app.db);
    const agent = await signIn(app.app, buyer.username);
    const lead = await createLead(app.db, { startingPrice: "48.00", auctionStartedAt: NOW, createdAt: NOW });
    const intent = await agent.post("/api/create-payment-intent").send({ leadId: lead.id });
    const intentId = String(intent.body.clientSecret).split("_secret_")[0]!;
    fake.confirmCard(intentId);
    const bought = await agent.post(`/api/leads/${lead.id}/purchase`).send({ paymentIntentId: intentId });
    expect(bought.status).toBe(201);
    const purchase = bought.body.purchase as LeadPurchase;
    const claimedAt = new Date(NOW.getTime() - 49 * HOUR);
    await app.db.update(leadPurchases).set({ unreachableClaimedAt: claimedAt }).where(eq(leadPurchases.id, purchase.id));
    await recordQuestion(app.db, purchase, lead.customerPhone, "sent", claimedAt);
    return { purchase, intentId, refundsBefore: fake.refunds.length };
  }

  it("when the claim is due, then Stripe refunds the amount paid once, under the key named after the purchase's refund row", async () => {
    const { purchase, intentId, refundsBefore } = await cardClaim();
    await app.app.alerts.runOnce();
    await app.app.alerts.runOnce();
    expect(fake.refunds.slice(refundsBefore)).toEqual([{ payment_intent: intentId, amount: 4800 }]);
    expect(fake.refundKeys.slice(refundsBefore)).toEqual([refundIdempotencyKey(purchase.id)]);
    expect(await refundsOf(purchase, app.db)).toMatchObject([{ reason: "unreachable", amount: "48.00", reference: `stripe:${intentId}` }]);
  });

  it("when Stripe fails, then nothing is recorded and the claim stays open; the next try (another instance, or after a restart) refunds once", async () => {
    const { purchase, intentId, refundsBefore } = await cardClaim();
    // Stripe is not reached, so nothing is kept under the refund's key and the next try's same key
    // refunds (a 500 Stripe answered would be replayed to that key for a day: docs/decisions/049).
    fake.failNext(2, { path: /^\/v1\/refunds$/, dropped: true });
    await app.app.alerts.runOnce();
    expect(await refundsOf(purchase, app.db)).toEqual([]);
    expect(await rowOf(purchase, app.db)).toMatchObject({ paymentStatus: "completed", unreachableSettledAt: null });
    const restarted = createUnreachableSweep({
      db: app.db,
      payments: createStripeGateway(createStripeClient("sk_test_fake", fake.connection)),
      logger: createLogger(app.config),
      now: () => NOW,
    });
    expect(await restarted.run()).toBe(true);
    expect(fake.refunds.slice(refundsBefore)).toEqual([{ payment_intent: intentId, amount: 4800 }]);
    expect(await refundsOf(purchase, app.db)).toHaveLength(1);
    // A bad-lead approval now is refused: once is enough, by any path.
    const report = await createReport(app.db, purchase);
    const approved = await request(app.app)
      .post(`/api/admin/reports/${report.id}/approve`)
      .set("Authorization", await adminAuth(app.app))
      .send({});
    expect(approved.status).toBe(409);
    expect(fake.refunds.slice(refundsBefore)).toHaveLength(1);
  });
});
