// The one way a lead purchase is refunded (docs/decisions/049-missed-promises-and-refunds.md, "One
// way to refund"). An approved bad-lead report and an unanswered "customer unreachable" claim
// both come here, inside their own transaction: the refund row first (unique per purchase, so a
// second refund by any path is refused before any money moves), then the money (Stripe, with an
// idempotency key named after that row, or a recorded credit), then the purchase marked refunded.
import { DISPUTE_MESSAGES } from "../../../shared/disputes";
import { alreadyRefundedMessage, REFUND_MESSAGES } from "../../../shared/refunds";
import { fromCents, toCents } from "../../../shared/pricing";
import type { PurchaseRefund } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import { conflict, notFound } from "../../platform/http/errors";
import type { Logger } from "../../platform/logger";
import type { PaymentGateway } from "../../platform/payments";
import { disputeBlockingRefund } from "../disputes";
import * as repo from "./repo";

export interface RefundDeps {
  payments: PaymentGateway;
  logger?: Logger;
}

export interface RefundRequest {
  purchaseId: number;
  reason: "bad_lead" | "unreachable";
  now: Date;
}

/**
 * The Stripe idempotency key of a purchase's refund. It names the one refund row a purchase can
 * have by its unique key, not by its serial id: a refund whose transaction rolled back after
 * Stripe took it (the answer lost) is retried under the same key, and Stripe answers the first
 * refund again instead of making a second.
 */
export const refundIdempotencyKey = (purchaseId: number) => `purchase-refund-${purchaseId}`;

/**
 * Refunds the purchase in the caller's transaction; throws 409 when it was refunded already (by
 * any path) or released, 404 when there is no such purchase. A failed Stripe call throws, so the
 * caller's transaction (and the row) rolls back and the refund can be tried again.
 */
export async function refundPurchase(tx: Db, deps: RefundDeps, request: RefundRequest): Promise<PurchaseRefund> {
  const purchase = await repo.lockPurchase(tx, request.purchaseId);
  if (!purchase) throw notFound(REFUND_MESSAGES.notFound);
  if (purchase.releasedAt) throw conflict(REFUND_MESSAGES.released);
  const refused = async () => conflict(alreadyRefundedMessage((await repo.refundRowOf(tx, purchase.id))?.reason));
  if (purchase.paymentStatus === "refunded") throw await refused();
  // A chargeback open or lost: the bank moves the money, not us (docs/decisions/093-disputes.md).
  if (await disputeBlockingRefund(tx, purchase)) throw conflict(DISPUTE_MESSAGES.refundRefused);
  const cents = toCents(purchase.amountPaid);
  let row: PurchaseRefund | undefined;
  try {
    row = await repo.insertRefundRow(tx, { purchaseId: purchase.id, reason: request.reason, amount: fromCents(cents), createdAt: request.now });
  } catch (err) {
    // ON CONFLICT covers the unique index; this covers any other path to the same violation.
    if (isUniqueViolation(err)) throw conflict(REFUND_MESSAGES.alreadyRefunded);
    throw err;
  }
  if (!row) throw await refused();
  let reference = `credit:${row.id}`;
  if (deps.payments.mode === "stripe" && purchase.paymentIntentId && cents > 0) {
    await deps.payments.refund(purchase.paymentIntentId, cents, { idempotencyKey: refundIdempotencyKey(purchase.id) });
    reference = `stripe:${purchase.paymentIntentId}`;
  }
  deps.logger?.info({ purchaseId: purchase.id, reason: request.reason, cents, reference }, "purchase refunded");
  return repo.completeRefund(tx, row, reference);
}

/**
 * Stripe's charge.refunded for a full refund: a refund this app made already has its row, so
 * nothing changes; one made in Stripe itself (its dashboard) becomes the purchase's refund row,
 * reason `stripe`, so the history, the export and the figures see it and no later refund pays
 * it back again. When the app's own refund is still committing, the insert waits for it.
 */
export async function recordRefundMadeInStripe(tx: Db, input: { intentId: string; amountCents?: number; now: Date }): Promise<boolean> {
  const purchase = await repo.lockPurchaseOfIntent(tx, input.intentId);
  if (!purchase) return false;
  const row = await repo.insertRefundRow(tx, {
    purchaseId: purchase.id,
    reason: "stripe",
    amount: input.amountCents === undefined ? purchase.amountPaid : fromCents(input.amountCents),
    createdAt: input.now,
  });
  if (!row) return false;
  await repo.completeRefund(tx, row, `stripe:${input.intentId}`);
  return true;
}

/** The refund rows of these purchases, by purchase. */
export async function refundsByPurchase(db: Db, purchaseIds: number[]) {
  return new Map((await repo.refundsOfPurchases(db, purchaseIds)).map((r) => [r.purchaseId, r]));
}
