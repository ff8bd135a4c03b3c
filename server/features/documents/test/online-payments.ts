// The Connect test bed shared by the online-payment test files (docs/decisions/056-money-online-
// stripe-connect.md): an app whose Stripe is server/test/fake-stripe.ts speaking Connect, and the
// steps of a job paid online. Each file calls connectTestbed() once: its own app and fake.
import { and, asc, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, expect } from "vitest";
import type { JobDocuments } from "../../../../shared/invoices";
import type { JobView } from "../../../../shared/jobs";
import type { Quote } from "../../../../shared/quotes";
import { STAGE_MOVED_BACK_FIELD } from "../../../../shared/pipeline-jobs";
import { invoices, leadPurchases, purchaseChanges } from "../../../../shared/schema";
import { createStripeClient, createStripeGateway } from "../../../platform/payments/stripe-gateway";
import { createTestApp, type TestApp } from "../../../test/app";
import { startFakeStripe } from "../../../test/fake-stripe";
import { soldLead } from "../../../test/job-links";
import { createCast, TEST_ADMIN } from "../../../test/sign-in";

export const CONNECT_SECRET = "whsec_connect_test";
export const PLATFORM_SECRET = "whsec_platform_test";
// Monday 23 November 2026, 12:00 in Sydney: outside quiet hours.
export const clock = new Date("2026-11-23T01:00:00.000Z");
export const LIMITS = { RATE_LIMIT_JOB_PAGE_PER_IP: "100000", RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000" };
export const LINES = [{ description: "Switchboard upgrade", quantity: 1, unitPrice: "1000.00" }];

export const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;

export function connectTestbed() {
  const state = {} as { fake: Awaited<ReturnType<typeof startFakeStripe>>; ctx: TestApp };
  beforeAll(async () => {
    state.fake = await startFakeStripe();
    const stripe = createStripeClient("sk_test_fake", state.fake.connection);
    state.ctx = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
        STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
        STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
        // The operator answers a disputed payment's evidence (docs/decisions/094-dispute-evidence.md).
        ...TEST_ADMIN,
        ...LIMITS,
      },
      payments: createStripeGateway(stripe),
      stripe,
      now: () => clock,
      startAlertWorker: false,
    });
  });
  afterAll(async () => {
    await state.ctx.destroy();
    await state.fake.stop();
  });

  const deliver = (signed: { payload: string; signature: string }) =>
    request(state.ctx.app)
      .post("/api/stripe/connect-webhook")
      .set("Content-Type", "application/json")
      .set("Stripe-Signature", signed.signature)
      .send(signed.payload);

  /** Stripe tells the Connect endpoint that the electrician's account is now as the fake holds it. */
  const accountUpdated = (account: string) =>
    deliver(state.fake.connectEvent("account.updated", state.fake.accounts.get(account)!, { account, secret: CONNECT_SECRET }));

  /** The customer paid with the Payment Element, and Stripe's signed event arrives. */
  function paid(intentId: string, options: { id?: string; secret?: string } = {}) {
    const intent = state.fake.payIntent(intentId);
    const account = state.fake.intentAccounts.get(intentId)!;
    return state.fake.connectEvent("payment_intent.succeeded", intent, { account, secret: options.secret ?? CONNECT_SECRET, id: options.id });
  }

  async function onboard(agent: request.Agent) {
    const res = await agent.post("/api/provider/business/stripe-onboarding").send({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const account = /\/(acct_\w+)\//.exec(res.body.url as string)![1]!;
    return { account, url: res.body.url as string };
  }

  /** A sold job whose electrician's Stripe account takes charges (unless `active: false`), with bank details for EFT. */
  async function job(options: { active?: boolean } = {}) {
    const cast = await createCast(state.ctx);
    await cast.agents.owner.patch("/api/provider/business").send({ gstRegistered: true, bankBsb: "062-000", bankAccount: "12345678" }).expect(200);
    const sold = await soldLead(state.ctx.db, cast.people.owner.id, {
      createdAt: new Date(clock.getTime() - 3_600_000),
      purchasedAt: new Date(clock.getTime() - 1_800_000),
    });
    let account: string | null = null;
    if (options.active !== false) {
      account = (await onboard(cast.agents.owner)).account;
      state.fake.updateAccount(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
      expect((await accountUpdated(account)).status).toBe(200);
    }
    return { ...cast, ...sold, account };
  }

  async function acceptedQuote(j: Awaited<ReturnType<typeof job>>, deposit = 20) {
    const sent = await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/quotes`).send({ items: LINES, depositPercent: deposit });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const quote = sent.body as Quote;
    const accepted = await request(state.ctx.app).post(`/api/jobs/${j.token}/quotes/${quote.id}/accept`).send({ signatureName: "Karen Mitchell" });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    return { quote, accepted: accepted.body };
  }

  const page = async (token: string) => (await request(state.ctx.app).get(`/api/jobs/${token}`)).body as JobView;
  const documentsOf = async (agent: request.Agent, saleId: number) => (await agent.get(`/api/lead-purchases/${saleId}/documents`)).body as JobDocuments;
  const stageOf = async (purchaseId: number) => (await state.ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, purchaseId)))[0]!.salesStage;
  /** Why the job left Paid, one reason per time a refund moved it back (docs/decisions/056). */
  const movedBackReasons = async (purchaseId: number) =>
    (
      await state.ctx.db
        .select({ reason: purchaseChanges.newValue })
        .from(purchaseChanges)
        .where(and(eq(purchaseChanges.purchaseId, purchaseId), eq(purchaseChanges.field, STAGE_MOVED_BACK_FIELD)))
        .orderBy(asc(purchaseChanges.id))
    ).map((row) => row.reason);

  /**
   * Runs `act` while another transaction records a payment on the invoice as online.ts and
   * payments.ts do (the invoice, then the job): `act` must wait for it, not deadlock with it.
   */
  async function whileAPaymentHoldsTheInvoice(at: { invoiceId: number; purchaseId: number }, act: () => PromiseLike<request.Response>) {
    let invoiceHeld!: () => void;
    const held = new Promise<void>((resolve) => (invoiceHeld = resolve));
    let letGo!: () => void;
    const go = new Promise<void>((resolve) => (letGo = resolve));
    const recording = state.ctx.db.transaction(async (tx) => {
      await tx.select().from(invoices).where(eq(invoices.id, at.invoiceId)).for("update");
      invoiceHeld();
      await go;
      await tx.select().from(leadPurchases).where(eq(leadPurchases.id, at.purchaseId)).for("update");
    });
    await held;
    const acting = Promise.resolve(act());
    await new Promise((resolve) => setTimeout(resolve, 300));
    letGo();
    const [res] = await Promise.all([acting, recording]);
    return res;
  }

  return {
    get ctx() {
      return state.ctx;
    },
    get fake() {
      return state.fake;
    },
    deliver,
    accountUpdated,
    paid,
    onboard,
    job,
    acceptedQuote,
    page,
    documentsOf,
    stageOf,
    movedBackReasons,
    whileAPaymentHoldsTheInvoice,
  };
}
