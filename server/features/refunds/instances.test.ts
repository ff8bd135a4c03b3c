// The 48-hour "customer unreachable" refund across two app instances on one PostgreSQL
// (docs/decisions/049-missed-promises-and-refunds.md): both run the worker and its sweep, and
// are stepped by hand at the same time on top; each due claim is refunded exactly once, the
// card asked once.
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { leadPurchases, purchaseRefunds, type LeadPurchase } from "../../../shared/schema";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../../platform/db/client";
import { createUser } from "../../setup/factories";
import type { PaymentGateway } from "../../platform/payments";
import { createTestApp } from "../../test/app";
import { describeOnPostgres } from "../../test/postgres-only";
import { HOUR, purchaseWithTries } from "./test/refunds";

const CLAIMS = 12;
const NOW = new Date("2026-11-26T04:00:00Z");

/** A card gateway that only counts refunds, each taking a moment, as Stripe's would. */
function countingGateway(): PaymentGateway & { refunds: string[] } {
  const refunds: string[] = [];
  const refuse = async () => {
    throw new Error("not in this test");
  };
  return {
    mode: "stripe",
    refunds,
    authorise: refuse,
    verify: refuse,
    capture: refuse,
    cancel: refuse,
    release: refuse,
    startCardSetup: refuse,
    confirmCardSetup: refuse,
    chargeSavedCard: refuse,
    async refund(intentId) {
      await new Promise((r) => setTimeout(r, 20));
      refunds.push(intentId);
    },
  };
}

describeOnPostgres(
  "the 48-hour refund across two app instances on one PostgreSQL",
  () => {
    const payments = countingGateway();
    let a: Awaited<ReturnType<typeof createTestApp>>;
    let secondConnection: Database;
    let b: ReturnType<typeof createApp>;
    const claims: LeadPurchase[] = [];

    beforeAll(async () => {
      a = await createTestApp({ payments, now: () => NOW, startAlertWorker: false, env: { LOG_LEVEL: "silent" } });
      secondConnection = await openDatabase({ url: a.database.url });
      b = createApp({ database: secondConnection, config: a.config, payments, now: () => NOW, startAlertWorker: false });
      const buyer = await createUser(a.db);
      for (let i = 0; i < CLAIMS; i++) {
        const claimedAt = new Date(NOW.getTime() - (48 + i) * HOUR);
        claims.push(
          await purchaseWithTries(a.db, buyer.id, {
            boughtAt: new Date(claimedAt.getTime() - 6 * HOUR),
            tries: [[1], [5]],
            purchase: { paymentIntentId: `pi_instances_${i}`, unreachableClaimedAt: claimedAt },
          }),
        );
      }
    });
    afterAll(async () => {
      await b.close();
      await secondConnection.close();
      await a.destroy();
    });

    it("when the sweep runs on both instances at once, then each due claim is refunded exactly once", async () => {
      await Promise.all([a.app.alerts.runOnce(), b.alerts.runOnce(), a.app.alerts.runOnce(), b.alerts.runOnce()]);
      await Promise.all([a.app.alerts.runOnce(), b.alerts.runOnce()]);
      expect([...payments.refunds].sort()).toEqual(claims.map((c) => c.paymentIntentId!).sort());
      const rows = await a.db.select().from(purchaseRefunds);
      expect(rows.filter((r) => claims.some((c) => c.id === r.purchaseId))).toHaveLength(CLAIMS);
      const settled = await a.db.select().from(leadPurchases).where(isNotNull(leadPurchases.unreachableSettledAt));
      expect(settled.map((p) => p.unreachableOutcome)).toEqual(Array(CLAIMS).fill("refunded"));
      for (const claim of claims) {
        expect((await a.db.select().from(purchaseRefunds).where(eq(purchaseRefunds.purchaseId, claim.id))).map((r) => r.reason)).toEqual(["unreachable"]);
      }
    }, 60_000);
  },
  "skipped on PGlite: one process owns an embedded database, so there is no second instance (TEST_DATABASE_URL runs it)",
);
