// The test bed of the dispute evidence files (docs/decisions/094-dispute-evidence.md): an app whose
// Stripe is server/test/fake-stripe.ts, an operator signed in, and disputed lead purchases whose
// disputes arrive by Stripe's event. Each file calls evidenceTestbed() once: its own app and fake.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll } from "vitest";
import { contactAttempts, paymentDisputes } from "../../../../shared/schema";
import { createStripeClient, createStripeGateway } from "../../../platform/payments/stripe-gateway";
import { createPurchase, createUser } from "../../../setup/factories";
import { createTestApp, type TestApp } from "../../../test/app";
import { startFakeStripe } from "../../../test/fake-stripe";
import { adminAuth, TEST_ADMIN } from "../../../test/sign-in";

const PLATFORM_SECRET = "whsec_platform_evidence";
export const HOUR = 3_600_000;

export function evidenceTestbed() {
  const bed = {} as { fake: Awaited<ReturnType<typeof startFakeStripe>>; ctx: TestApp; auth: string; buyerId: number };
  let nextIntent = 0;
  beforeAll(async () => {
    bed.fake = await startFakeStripe();
    const stripe = createStripeClient("sk_test_fake", bed.fake.connection);
    bed.ctx = await createTestApp({
      env: { ...TEST_ADMIN, STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake", STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET },
      payments: createStripeGateway(stripe),
      stripe,
      startAlertWorker: false,
      startAutoBuy: false,
    });
    bed.auth = await adminAuth(bed.ctx.server);
    bed.buyerId = (await createUser(bed.ctx.db, { firstName: "Dave", lastName: "Wilson", companyName: "Sparkright Electrical" })).id;
  });
  afterAll(async () => {
    await bed.ctx?.destroy();
    await bed.fake?.stop();
  });

  /** A paid lead purchase whose customer typed their contact details into the job, as customers do, and a dispute of it in Stripe, delivered by its event. */
  async function disputedPurchase(dueInMs: number, status = "needs_response") {
    const intentId = `pi_evidence_${++nextIntent}`;
    const purchase = await createPurchase(bed.ctx.db, bed.buyerId, {
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
    await bed.ctx.db.insert(contactAttempts).values([
      { purchaseId: purchase.id, userId: bed.buyerId, channel: "call", outcome: "no_answer", createdAt: new Date(Date.now() - 3 * HOUR) },
      { purchaseId: purchase.id, userId: bed.buyerId, channel: "call", outcome: "reached", createdAt: new Date(Date.now() - 2 * HOUR) },
    ]);
    const dispute = bed.fake.dispute(intentId, { status, reason: "product_not_received", dueBy: Math.floor((Date.now() + dueInMs) / 1000) });
    const signed = bed.fake.platformEvent("charge.dispute.created", dispute, { secret: PLATFORM_SECRET });
    await request(bed.ctx.server)
      .post("/api/stripe/webhook")
      .set("Content-Type", "application/json")
      .set("Stripe-Signature", signed.signature)
      .send(signed.payload)
      .expect(200);
    return { purchase, dispute, row: (await rowOf(dispute.id))! };
  }

  async function rowOf(stripeDisputeId: string) {
    const [row] = await bed.ctx.db.select().from(paymentDisputes).where(eq(paymentDisputes.stripeDisputeId, stripeDisputeId));
    return row;
  }

  return {
    bed,
    disputedPurchase,
    rowOf,
    evidenceOf: (id: number) => request(bed.ctx.server).get(`/api/admin/disputes/${id}/evidence`).set("Authorization", bed.auth),
    send: (id: number, body: object = {}) => request(bed.ctx.server).post(`/api/admin/disputes/${id}/evidence`).set("Authorization", bed.auth).send(body),
    submissionsOf: (disputeId: string) => bed.fake.disputeDesk.submissions.filter((s) => s.disputeId === disputeId),
  };
}
