// A disputed lead purchase's evidence (docs/decisions/094-dispute-evidence.md) through the real
// `stripe` SDK against the local stand-in (server/test/fake-stripe.ts): the pack the operator
// reviews (the lead as the buyer saw it before and after, the contact log, the customer's actions,
// never the customer's phone, e-mail, street or surname), sent once with our tax invoice as the
// receipt, a failed try tried again with a new key, and the platform's own send 24 hours before the
// deadline from the worker's sweep.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_SUBMIT_BEFORE_DUE_MS, EVIDENCE_MESSAGES, type DisputeEvidenceView } from "../../../shared/dispute-evidence";
import type { DisputeView } from "../../../shared/disputes";
import { contactAttempts, leads, paymentDisputes } from "../../../shared/schema";
import { createStripeClient, createStripeGateway } from "../../platform/payments/stripe-gateway";
import { createPurchase, createUser } from "../../setup/factories";
import { createTestApp, type TestApp } from "../../test/app";
import { startFakeStripe } from "../../test/fake-stripe";
import { adminAuth, TEST_ADMIN } from "../../test/sign-in";
import { firstNameWord } from "./evidence";

const PLATFORM_SECRET = "whsec_platform_evidence";
const HOUR = 3_600_000;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let ctx: TestApp;
let auth: string;
let buyerId: number;
let nextIntent = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  const stripe = createStripeClient("sk_test_fake", fake.connection);
  ctx = await createTestApp({
    env: { ...TEST_ADMIN, STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake", STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET },
    payments: createStripeGateway(stripe),
    stripe,
    startAlertWorker: false,
    startAutoBuy: false,
  });
  auth = await adminAuth(ctx.server);
  buyerId = (await createUser(ctx.db, { firstName: "Dave", lastName: "Wilson", companyName: "Sparkright Electrical" })).id;
});
afterAll(async () => {
  await ctx?.destroy();
  await fake?.stop();
});

/** A paid lead purchase whose customer typed their contact details into the job, as customers do, and a dispute of it in Stripe, delivered by its event. */
async function disputedPurchase(dueInMs: number, status = "needs_response") {
  const intentId = `pi_evidence_${++nextIntent}`;
  const purchase = await createPurchase(ctx.db, buyerId, {
    lead: {
      customerName: "Mary O'Neil-Smith",
      customerPhone: "0412 345 678",
      customerEmail: "mary.oneilsmith@gmail.com",
      customerAddress: "42 Wallaby Way, Parramatta NSW 2150",
      serviceLocation: "42 Wallaby Way, Parramatta NSW 2150",
      electricalWork: "Replace the old switchboard at 42 Wallaby Way. Call Mary on 0412 345 678 after 3pm, gate code four eight two one",
    },
    purchase: {
      paymentIntentId: intentId,
      amountPaid: "52.00",
      buyerName: "Dave Wilson",
      buyerEmail: "dave@sparkright.example",
      purchasedAt: new Date(Date.now() - 5 * HOUR),
    },
  });
  await ctx.db.insert(contactAttempts).values([
    { purchaseId: purchase.id, userId: buyerId, channel: "call", outcome: "no_answer", createdAt: new Date(Date.now() - 3 * HOUR) },
    { purchaseId: purchase.id, userId: buyerId, channel: "call", outcome: "reached", createdAt: new Date(Date.now() - 2 * HOUR) },
  ]);
  const dispute = fake.dispute(intentId, { status, reason: "product_not_received", dueBy: Math.floor((Date.now() + dueInMs) / 1000) });
  const signed = fake.platformEvent("charge.dispute.created", dispute, { secret: PLATFORM_SECRET });
  await request(ctx.server)
    .post("/api/stripe/webhook")
    .set("Content-Type", "application/json")
    .set("Stripe-Signature", signed.signature)
    .send(signed.payload)
    .expect(200);
  const [row] = await ctx.db.select().from(paymentDisputes).where(eq(paymentDisputes.stripeDisputeId, dispute.id));
  return { purchase, dispute, row: row! };
}

const evidenceOf = (id: number) => request(ctx.server).get(`/api/admin/disputes/${id}/evidence`).set("Authorization", auth);
const send = (id: number, body: object = {}) => request(ctx.server).post(`/api/admin/disputes/${id}/evidence`).set("Authorization", auth).send(body);
const submissionsOf = (disputeId: string) => fake.disputeDesk.submissions.filter((s) => s.disputeId === disputeId);

describe("the evidence pack the operator reviews", () => {
  it("shows the lead as bought and used, with no customer contact detail", async () => {
    const { row, purchase } = await disputedPurchase(5 * 24 * HOUR);
    const res = await evidenceOf(row.id).expect(200);
    const pack = res.body as DisputeEvidenceView;
    const text = pack.fields.map((f) => f.text).join("\n");
    expect(pack.fields.map((f) => f.field)).toEqual(
      expect.arrayContaining([
        "product_description",
        "customer_name",
        "customer_email_address",
        "service_date",
        "access_activity_log",
        "refund_policy_disclosure",
      ]),
    );
    expect(text).toContain("Parramatta NSW 2150");
    expect(text).toMatch(/Call, no answer/);
    expect(text).toMatch(/Call, reached/);
    expect(text).toContain("Dave Wilson");
    expect(text).toContain("$52.00");
    // What the card network must never get of the customer.
    expect(text.indexOf("bought the lead")).toBeLessThan(text.indexOf("Call, no answer"));
    for (const secret of ["0412", "04•", "Mary", "345 678", "Wallaby", "O'Neil", "Neil-Smith", "oneilsmith", "gmail", "4821", "four eight"])
      expect(text).not.toContain(secret);
    expect(pack.open).toBe(true);
    expect(new Date(pack.autoSubmitAt!).getTime()).toBe(new Date(pack.dueBy!).getTime() - AUTO_SUBMIT_BEFORE_DUE_MS);
    expect(pack.files[0]).toMatchObject({ field: "receipt" });
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, purchase.leadId));
    expect(text).toContain(lead!.jobReference);
  });

  it("is refused for a charge we hold no record of, and unknown disputes are 404", async () => {
    const [connect] = await ctx.db
      .insert(paymentDisputes)
      .values({
        stripeDisputeId: "dp_connect_evidence",
        stripeAccount: "acct_1",
        chargeId: "ch_1",
        amountCents: 1000,
        currency: "aud",
        reason: "fraudulent",
        status: "needs_response",
        changedAt: new Date(),
      })
      .returning();
    expect((await evidenceOf(connect!.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.notOurs);
    expect((await send(connect!.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.notOurs);
    await evidenceOf(999_999).expect(404);
    expect((await send(1, { note: "x".repeat(2001) }).expect(400)).body.message).toBeTruthy();
  });
});

describe("sending it", () => {
  it("goes once, with the operator's note and our tax invoice as the receipt", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR);
    const sent = (await send(row.id, { note: "The buyer called the customer twice on the day." }).expect(200)).body as DisputeEvidenceView;
    expect(sent).toMatchObject({ submittedBy: "operator", open: false, autoSubmitAt: null, note: "The buyer called the customer twice on the day." });
    const [submission, ...more] = submissionsOf(dispute.id);
    expect(more).toHaveLength(0);
    expect(submission!.evidence.uncategorized_text).toContain("The buyer called the customer twice on the day.");
    expect(submission!.evidence.product_description).toContain("exclusive sales lead");
    const receipt = fake.disputeDesk.files.get(submission!.evidence.receipt!);
    expect(receipt).toMatchObject({ purpose: "dispute_evidence", head: "%PDF-", type: "application/pdf" });
    expect(fake.disputeDesk.disputes.get(dispute.id)!.status).toBe("under_review");
    expect((await send(row.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.alreadySent);
    expect(submissionsOf(dispute.id)).toHaveLength(1);
    const listed = ((await request(ctx.server).get("/api/admin/disputes").set("Authorization", auth)).body.items as DisputeView[]).find((d) => d.id === row.id);
    expect(listed!.evidence).toMatchObject({ submittedBy: "operator", autoSubmitAt: null, error: null });
  });

  it("when Stripe gives no answer, says so, and the next try repeats the same request", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR);
    fake.failNext(2, { path: /^\/v1\/disputes\// });
    const failed = await send(row.id).expect(502);
    expect(failed.body.message).toBe(EVIDENCE_MESSAGES.noAnswer);
    expect(submissionsOf(dispute.id)).toHaveLength(0);
    const [after] = await ctx.db.select().from(paymentDisputes).where(eq(paymentDisputes.id, row.id));
    expect(after).toMatchObject({ evidenceFailures: 0, evidenceSubmittedAt: null });
    expect(after!.evidenceError).toBeTruthy();
    await send(row.id).expect(200);
    expect(submissionsOf(dispute.id).map((s) => s.idempotencyKey)).toEqual([`dispute-evidence:${dispute.id}:0`]);
  });

  it("when Stripe refuses it, says Stripe's words, and the next try is a new request", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR);
    // Stripe has it under review already (its event not yet here): the update is refused.
    fake.disputeDesk.disputes.get(dispute.id)!.status = "under_review";
    const refused = await send(row.id).expect(502);
    expect(refused.body.message).toMatch(/^Stripe did not take the evidence: .*under review/);
    const [after] = await ctx.db.select().from(paymentDisputes).where(eq(paymentDisputes.id, row.id));
    expect(after).toMatchObject({ evidenceFailures: 1, evidenceSubmittedAt: null });
    fake.disputeDesk.disputes.get(dispute.id)!.status = "needs_response";
    await send(row.id).expect(200);
    expect(submissionsOf(dispute.id).map((s) => s.idempotencyKey)).toEqual([`dispute-evidence:${dispute.id}:1`]);
  });

  it("is refused once the dispute no longer takes evidence", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR, "under_review");
    expect((await send(row.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.closed);
    expect(submissionsOf(dispute.id)).toHaveLength(0);
  });
});

describe("the platform's own send, 24 hours before the deadline", () => {
  it("sends what is due within a day, once, and leaves the rest to the operator", async () => {
    const due = await disputedPurchase(23 * HOUR);
    const later = await disputedPurchase(30 * HOUR);
    await ctx.app.alerts.runOnce();
    await ctx.app.alerts.runOnce();
    expect(submissionsOf(due.dispute.id)).toHaveLength(1);
    expect(submissionsOf(later.dispute.id)).toHaveLength(0);
    const [row] = await ctx.db.select().from(paymentDisputes).where(eq(paymentDisputes.id, due.row.id));
    expect(row).toMatchObject({ evidenceSubmittedBy: "automatic", evidenceNote: null });
    expect((await send(due.row.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.alreadySent);
  });
});

describe("the customer's first name in the lead as listed", () => {
  it("is masked as a whole word whatever its letters, and a name the market does not show masks nothing", () => {
    const hide = (name: string, text: string) => text.replace(firstNameWord(name), "#");
    expect(hide("D'Arcy", "Ask D'Arcy or d'arcy at the door")).toBe("Ask # or # at the door");
    expect(hide("Zoe\u0308", "Zoe\u0308 is home; Zoey is not")).toBe("# is home; Zoey is not");
    expect(hide("प्रिया", "Hi, प्रिया here")).toBe("Hi, # here");
    expect(hide("Jean-Luc", "call Jean-Luc")).toBe("call #");
    expect(hide("Customer", "the customer will be home")).toBe("the customer will be home");
  });
});
