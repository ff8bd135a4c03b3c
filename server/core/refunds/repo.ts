// Drizzle only: the refund rows (purchase_refunds, one per purchase at most) and the purchase
// they refund (docs/decisions/049-missed-promises-and-refunds.md, "One way to refund").
import { eq, inArray } from "drizzle-orm";
import { leadPurchases, purchaseRefunds, type LeadPurchase, type PurchaseRefund, type RefundReason } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/** The purchase, row-locked until the transaction ends: two refunds of one purchase take turns. */
export async function lockPurchase(tx: Db, purchaseId: number): Promise<LeadPurchase | undefined> {
  const [row] = await tx.select().from(leadPurchases).where(eq(leadPurchases.id, purchaseId)).for("update");
  return row;
}

/** The purchase a Stripe PaymentIntent paid for, row-locked. */
export async function lockPurchaseOfIntent(tx: Db, intentId: string): Promise<LeadPurchase | undefined> {
  const [row] = await tx.select().from(leadPurchases).where(eq(leadPurchases.paymentIntentId, intentId)).for("update");
  return row;
}

/**
 * The refund's row, written before any money moves. The unique index on purchase_id lets one
 * in: a second refund of the purchase, by any path, gets nothing back (a concurrent one waits
 * for the first transaction and then gets nothing, or the row when the first rolled back).
 */
export async function insertRefundRow(
  tx: Db,
  row: { purchaseId: number; reason: RefundReason; amount: string; reference?: string | null; createdAt: Date },
): Promise<PurchaseRefund | undefined> {
  const [inserted] = await tx.insert(purchaseRefunds).values(row).onConflictDoNothing({ target: purchaseRefunds.purchaseId }).returning();
  return inserted;
}

export async function refundRowOf(db: Db, purchaseId: number): Promise<PurchaseRefund | undefined> {
  const [row] = await db.select().from(purchaseRefunds).where(eq(purchaseRefunds.purchaseId, purchaseId));
  return row;
}

/** Once the money moved: the row's reference, and the purchase marked refunded with its copy of amount and time. */
export async function completeRefund(tx: Db, refund: PurchaseRefund, reference: string): Promise<PurchaseRefund> {
  const [row] = await tx.update(purchaseRefunds).set({ reference }).where(eq(purchaseRefunds.id, refund.id)).returning();
  await tx
    .update(leadPurchases)
    .set({ paymentStatus: "refunded", refundAmount: refund.amount, refundedAt: refund.createdAt, updatedAt: refund.createdAt })
    .where(eq(leadPurchases.id, refund.purchaseId));
  return row!;
}

/** The refund rows of these purchases. */
export async function refundsOfPurchases(db: Db, purchaseIds: number[]): Promise<PurchaseRefund[]> {
  if (purchaseIds.length === 0) return [];
  return db.select().from(purchaseRefunds).where(inArray(purchaseRefunds.purchaseId, purchaseIds));
}
