// The platform's own evidence send across two app instances on one PostgreSQL (docs/decisions/
// 094-dispute-evidence.md): both run the worker's sweep at once, again and again; each dispute due
// within a day is sent to Stripe by one of them, once: one update of the dispute at Stripe, one
// receipt uploaded for it.
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { paymentDisputes } from "../../../shared/schema";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../../platform/db/client";
import { createStripeClient, createStripeGateway } from "../../platform/payments/stripe-gateway";
import { createPurchase, createUser } from "../../setup/factories";
import { createTestApp } from "../../test/app";
import { startFakeStripe } from "../../test/fake-stripe";
import { describeOnPostgres } from "../../test/postgres-only";

const DISPUTES = 6;
const HOUR = 3_600_000;

describeOnPostgres(
  "the automatic evidence send across two app instances on one PostgreSQL",
  () => {
    let fake: Awaited<ReturnType<typeof startFakeStripe>>;
    let a: Awaited<ReturnType<typeof createTestApp>>;
    let secondConnection: Database;
    let b: ReturnType<typeof createApp>;
    const disputeIds: string[] = [];

    beforeAll(async () => {
      fake = await startFakeStripe();
      const stripe = createStripeClient("sk_test_fake", fake.connection);
      const payments = createStripeGateway(stripe);
      a = await createTestApp({
        payments,
        stripe,
        startAlertWorker: false,
        startAutoBuy: false,
        env: { LOG_LEVEL: "silent", STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake" },
      });
      secondConnection = await openDatabase({ url: a.database.url });
      b = createApp({ database: secondConnection, config: a.config, payments, stripe, startAlertWorker: false, startAutoBuy: false });
      const buyer = await createUser(a.db);
      for (let i = 0; i < DISPUTES; i++) {
        const intentId = `pi_evidence_instances_${i}`;
        const purchase = await createPurchase(a.db, buyer.id, {
          purchase: { paymentIntentId: intentId, amountPaid: "45.00", buyerEmail: "buyer@example.com" },
        });
        const dueBy = Math.floor((Date.now() + (20 + i / 2) * HOUR) / 1000);
        const dispute = fake.dispute(intentId, { dueBy });
        disputeIds.push(dispute.id);
        await a.db.insert(paymentDisputes).values({
          stripeDisputeId: dispute.id,
          chargeId: dispute.charge,
          paymentIntentId: intentId,
          purchaseId: purchase.id,
          amountCents: 4500,
          currency: "aud",
          reason: "fraudulent",
          status: "needs_response",
          evidenceDueBy: new Date(dueBy * 1000),
          changedAt: new Date(),
        });
      }
    });
    afterAll(async () => {
      await b?.close();
      await secondConnection?.close();
      await a?.destroy();
      await fake?.stop();
    });

    it("when both sweep at once, then each due dispute's evidence goes to Stripe exactly once", async () => {
      await Promise.all([a.app.alerts.runOnce(), b.alerts.runOnce(), a.app.alerts.runOnce(), b.alerts.runOnce()]);
      await Promise.all([a.app.alerts.runOnce(), b.alerts.runOnce()]);
      for (const id of disputeIds) {
        expect(fake.calls.filter((c) => c === `POST /v1/disputes/${id}`)).toHaveLength(1);
        expect(fake.disputeDesk.submissions.filter((s) => s.disputeId === id)).toHaveLength(1);
      }
      expect(fake.calls.filter((c) => c === "POST /v1/files")).toHaveLength(DISPUTES);
      const rows = await a.db.select().from(paymentDisputes).where(inArray(paymentDisputes.stripeDisputeId, disputeIds));
      expect(rows.map((r) => r.evidenceSubmittedBy)).toEqual(Array(DISPUTES).fill("automatic"));
      expect(rows.every((r) => r.evidenceFailures === 0)).toBe(true);
    }, 60_000);
  },
  "skipped on PGlite: one process owns an embedded database, so there is no second instance (TEST_DATABASE_URL runs it)",
);
