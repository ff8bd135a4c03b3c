// One way to refund (docs/decisions/049-missed-promises-and-refunds.md), on either database: every
// refund of a purchase is its one purchase_refunds row, written before any money moves, so a
// second refund by any path (bad lead, customer unreachable, a refund made in Stripe itself) is
// refused with 409 and pays nothing.
import { eq } from "drizzle-orm";
import request from "supertest";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alreadyRefundedMessage, REFUND_MESSAGES } from "../../../shared/refunds";
import { badLeadReports, leadPurchases, purchaseRefunds, type LeadPurchase, type User } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { createLead, createPurchase, createReport, createUser } from "../../setup/factories";
import { AppError } from "../../platform/http/errors";
import type { PaymentGateway } from "../../platform/payments";
import { createStripeClient, createStripeGateway } from "../../platform/payments/stripe-gateway";
import { createTestApp, type TestApp } from "../../test/app";
import { startFakeStripe } from "../../test/fake-stripe";
import { itOnPostgres } from "../../test/postgres-only";
import { adminAuth, signIn, TEST_ADMIN, useOperatorApp } from "../../test/sign-in";
import { refundPurchase } from "../../core/refunds/refund";
import { HOUR, recordQuestion } from "./test/refunds";

const NOW = new Date("2026-11-26T04:00:00Z");
const ctx = useOperatorApp({ now: () => NOW, startAlertWorker: false });
const demo = { payments: { mode: "demo" } as PaymentGateway };
let owner: User;

beforeAll(async () => {
  owner = await createUser(ctx.db);
});

const bought = (purchase: Partial<typeof leadPurchases.$inferInsert> = {}) =>
  createPurchase(ctx.db, owner.id, { purchase: { purchasedAt: NOW, amountPaid: "40.00", ...purchase } });
const refundsOf = (p: LeadPurchase, db: Db = ctx.db) => db.select().from(purchaseRefunds).where(eq(purchaseRefunds.purchaseId, p.id));
const refund = (p: LeadPurchase, reason: "bad_lead" | "unreachable") =>
  ctx.db.transaction((tx) => refundPurchase(tx, demo, { purchaseId: p.id, reason, now: NOW }));
const approve = (app: TestApp["app"], auth: string, reportId: number) =>
  request(app).post(`/api/admin/reports/${reportId}/approve`).set("Authorization", auth).send({});

/** What a refused refund threw. */
async function refusal(attempt: Promise<unknown>) {
  const err = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("one refund per purchase", () => {
  it("when a purchase is refunded, then its row comes first, the money second, and the purchase is marked with the row's amount and time", async () => {
    const purchase = await bought();
    const row = await refund(purchase, "bad_lead");
    expect(row).toMatchObject({ purchaseId: purchase.id, reason: "bad_lead", amount: "40.00", reference: `credit:${row.id}`, createdAt: NOW });
    expect((await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, purchase.id)))[0]).toMatchObject({
      paymentStatus: "refunded",
      refundAmount: "40.00",
      refundedAt: NOW,
    });
  });

  it("when a refunded purchase is refunded again by either path, then 409 names the first refund and nothing more is recorded", async () => {
    const purchase = await bought();
    await refund(purchase, "unreachable");
    for (const reason of ["bad_lead", "unreachable"] as const) {
      const err = await refusal(refund(purchase, reason));
      expect(err).toMatchObject({ status: 409, message: alreadyRefundedMessage("unreachable") });
    }
    expect(alreadyRefundedMessage("unreachable")).toBe("This purchase has already been refunded (customer unreachable), so it cannot be refunded again");
    expect(await refundsOf(purchase)).toHaveLength(1);
  });

  it("when the refund row exists though the purchase still says paid, then the unique row refuses the second refund", async () => {
    const purchase = await bought();
    await ctx.db.insert(purchaseRefunds).values({ purchaseId: purchase.id, reason: "bad_lead", amount: "40.00", createdAt: NOW });
    expect(await refusal(refund(purchase, "unreachable"))).toMatchObject({ status: 409, message: alreadyRefundedMessage("bad_lead") });
    expect(await refundsOf(purchase)).toHaveLength(1);
  });

  it("when the purchase was marked refunded with no row (refunded in Stripe before refunds had rows), then it is not refunded again", async () => {
    const purchase = await bought({ paymentStatus: "refunded" });
    expect(await refusal(refund(purchase, "bad_lead"))).toMatchObject({ status: 409, message: REFUND_MESSAGES.alreadyRefunded });
    expect(await refundsOf(purchase)).toEqual([]);
  });

  it("when the purchase was released, then 409 and nothing is refunded", async () => {
    const purchase = await bought({ releasedAt: NOW });
    expect(await refusal(refund(purchase, "unreachable"))).toMatchObject({ status: 409, message: REFUND_MESSAGES.released });
    expect(await refundsOf(purchase)).toEqual([]);
  });

  itOnPostgres("when two refunds of one purchase run at once by the two paths, then one is made and the other is refused", async () => {
    const purchase = await bought();
    const results = await Promise.allSettled([refund(purchase, "bad_lead"), refund(purchase, "unreachable")]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(await refundsOf(purchase)).toHaveLength(1);
  });

  it("when a bad-lead report is approved after the customer-unreachable refund, then 409 says so, the report stays pending and nothing more is credited", async () => {
    const purchase = await bought({ unreachableClaimedAt: new Date(NOW.getTime() - 49 * HOUR) });
    await recordQuestion(ctx.db, purchase, "0411222333", "sent", purchase.unreachableClaimedAt!);
    const report = await createReport(ctx.db, purchase);
    await ctx.app.alerts.runOnce(); // the 48-hour sweep refunds it
    expect(await refundsOf(purchase)).toMatchObject([{ reason: "unreachable" }]);
    const res = await approve(ctx.app, ctx.auth, report.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(alreadyRefundedMessage("unreachable"));
    expect((await ctx.db.select().from(badLeadReports).where(eq(badLeadReports.id, report.id)))[0]).toMatchObject({ status: "pending", refundAmount: null });
    expect(await refundsOf(purchase)).toHaveLength(1);
    // And the buyer cannot report it any more.
    const reported = await (await signIn(ctx.server, owner.username)).post(`/api/lead-purchases/${purchase.id}/report`).send({ reason: "wrong_number" });
    expect(reported.status).toBe(409);
  });
});

describe("refunds made in Stripe itself (charge.refunded)", () => {
  const SECRET = "whsec_refunds";
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let app: TestApp;
  let operator: string;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const stripe = createStripeClient("sk_test_fake", fake.connection);
    app = await createTestApp({
      env: { ...TEST_ADMIN, STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake", STRIPE_WEBHOOK_SECRET: SECRET },
      payments: createStripeGateway(stripe),
      stripe,
      now: () => NOW,
      startAlertWorker: false,
    });
    operator = await adminAuth(app.app);
  });
  afterAll(async () => {
    await app?.destroy();
    await fake?.stop();
  });

  async function cardPurchase() {
    const buyer = await createUser(app.db);
    const agent = await signIn(app.app, buyer.username);
    const lead = await createLead(app.db, { startingPrice: "48.00", auctionStartedAt: NOW, createdAt: NOW });
    const intent = await agent.post("/api/create-payment-intent").send({ leadId: lead.id });
    const intentId = String(intent.body.clientSecret).split("_secret_")[0]!;
    fake.confirmCard(intentId);
    const bought = await agent.post(`/api/leads/${lead.id}/purchase`).send({ paymentIntentId: intentId });
    expect(bought.status).toBe(201);
    return { purchase: bought.body.purchase as LeadPurchase, intentId };
  }

  let events = 0;
  const chargeRefunded = (intentId: string, amountRefunded: number) => {
    const body = JSON.stringify({
      id: `evt_refund_${++events}`,
      object: "event",
      type: "charge.refunded",
      data: { object: { id: `ch_${events}`, object: "charge", refunded: true, amount: 4800, amount_refunded: amountRefunded, payment_intent: intentId } },
    });
    return request(app.app)
      .post("/api/stripe/webhook")
      .set("Content-Type", "application/json")
      .set("Stripe-Signature", Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }))
      .send(body);
  };

  it("when a card purchase is refunded in Stripe's dashboard, then it becomes the purchase's refund row and a bad-lead approval after it pays nothing", async () => {
    const { purchase, intentId } = await cardPurchase();
    expect((await chargeRefunded(intentId, 4800)).status).toBe(200);
    expect(await refundsOf(purchase, app.db)).toMatchObject([{ reason: "stripe", amount: "48.00", reference: `stripe:${intentId}` }]);
    expect((await app.db.select().from(leadPurchases).where(eq(leadPurchases.id, purchase.id)))[0]).toMatchObject({
      paymentStatus: "refunded",
      refundAmount: "48.00",
    });
    const before = fake.refunds.length;
    const report = await createReport(app.db, purchase);
    const res = await approve(app.app, operator, report.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(alreadyRefundedMessage("stripe"));
    expect(fake.refunds.length).toBe(before);
  });

  it("when Stripe tells of the app's own refund, then nothing changes: the row keeps its reason", async () => {
    const { purchase, intentId } = await cardPurchase();
    const report = await createReport(app.db, purchase);
    expect((await approve(app.app, operator, report.id)).status).toBe(200);
    expect((await chargeRefunded(intentId, 4800)).status).toBe(200);
    expect(await refundsOf(purchase, app.db)).toMatchObject([{ reason: "bad_lead", amount: "48.00" }]);
  });
});
