// The 48-hour refund of an unanswered "customer unreachable" claim (docs/decisions/049-missed-
// promises-and-refunds.md): found by a sweep over lead_purchases.unreachable_claimed_at (its
// partial index holds only open claims) on every poll of the background worker, at least every
// 5 s (docs/product.md section 14 "Clocks"), so moving the column back takes effect within 5 s and
// a restart loses nothing. Exactly once however many instances sweep: each claim is refunded in
// its own transaction that holds its row (SKIP LOCKED: another instance's claim is skipped, not
// waited for), checks it is still open and due, and refunds through the one refund function,
// whose unique row is the final guard.
import { disputeBlockingRefund } from "../../core/disputes";
import { UNREACHABLE_WAIT_MS } from "../../../shared/unreachable";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import type { PaymentGateway } from "../../platform/payments";
import { questionReachedCustomer, unreachableQuestionEvent } from "./question";
import { refundPurchase } from "../../core/refunds";
import * as repo from "./unreachable-repo";

export interface UnreachableSweepDeps {
  db: Db;
  payments: PaymentGateway;
  logger: Logger;
  now: () => Date;
}

/** Claims looked at per pass; the next poll takes the rest. */
const BATCH = 50;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 15 * 60_000;

export interface BackgroundSweep {
  name: string;
  /** True when it refunded or settled anything. */
  run(): Promise<boolean>;
}

export function createUnreachableSweep(deps: UnreachableSweepDeps): BackgroundSweep {
  // A refund that failed (Stripe down) waits 5 s, 10 s, 20 s ... up to 15 min before this
  // instance tries it again, in real time; the claim stays open in the database meanwhile.
  const backingOff = new Map<number, { tries: number; until: number }>();
  return {
    name: "unreachable refunds",
    async run() {
      const now = deps.now();
      const cutoff = new Date(now.getTime() - UNREACHABLE_WAIT_MS);
      const waiting = [...backingOff].filter(([, wait]) => wait.until > Date.now()).map(([id]) => id);
      let busy = false;
      for (const id of await repo.dueClaims(deps.db, cutoff, BATCH, waiting)) {
        try {
          if (await settleDueClaim(deps, id, cutoff, now)) busy = true;
          backingOff.delete(id);
        } catch (err) {
          const tries = (backingOff.get(id)?.tries ?? 0) + 1;
          backingOff.set(id, { tries, until: Date.now() + Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (tries - 1)) });
          deps.logger.warn({ err, purchaseId: id, tries }, "unreachable: the 48-hour refund failed; it is tried again later");
        }
      }
      return busy;
    },
  };
}

/** One claim, in its own transaction: refunded, or settled as it already stands; false when another instance has it or it ended. */
async function settleDueClaim(deps: UnreachableSweepDeps, purchaseId: number, cutoff: Date, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const claim = await repo.lockDueClaim(tx, purchaseId, cutoff);
    if (!claim) return false;
    // The sale was undone while the customer was asked: there is nothing to refund.
    if (claim.releasedAt) return Boolean(await repo.settleClaim(tx, purchaseId, "released", now));
    // Refunded meanwhile by another path (a bad-lead approval, a refund in Stripe): once is enough.
    if (await repo.isRefunded(tx, claim)) return Boolean(await repo.settleClaim(tx, purchaseId, "refunded", now));
    // The customer was reached after all (a reached call logged, or the job moved on): they answered, nothing is refunded.
    const reached = (await repo.attemptFactsOf(tx, [purchaseId])).get(purchaseId)?.reached ?? false;
    if (reached || claim.salesStage !== "purchased" || claim.quoteSentAt) return Boolean(await repo.settleClaim(tx, purchaseId, "customer_answered", now));
    // No automatic refund unless the question reached the customer's own mobile (docs/decisions/073):
    // one that failed, was dropped or never left goes to the operator with what the outbox knows.
    const lead = await repo.findLead(tx, claim.leadId);
    const question = await repo.questionOf(tx, unreachableQuestionEvent(purchaseId));
    if (!questionReachedCustomer(lead, question)) {
      const evidence = {
        claim: { claimedAt: claim.unreachableClaimedAt?.toISOString() ?? null },
        question: question ? { status: question.status, attempts: question.attempts, lastError: question.lastError } : null,
      };
      await repo.openOperatorReview(tx, { purchaseId, kind: "unreachable_not_asked", evidence, now });
      return Boolean(await repo.settleClaim(tx, purchaseId, "operator", now));
    }
    // A chargeback open or lost: the bank moves the money, not us; a person decides (docs/decisions/093-disputes.md).
    const dispute = await disputeBlockingRefund(tx, { id: purchaseId, paymentIntentId: null });
    if (dispute) {
      await repo.openOperatorReview(tx, {
        purchaseId,
        kind: "unreachable_disputed",
        evidence: { dispute: { status: dispute.status, reason: dispute.reason } },
        now,
      });
      return Boolean(await repo.settleClaim(tx, purchaseId, "operator", now));
    }
    await refundPurchase(tx, deps, { purchaseId, reason: "unreachable", now });
    return Boolean(await repo.settleClaim(tx, purchaseId, "refunded", now));
  });
}
