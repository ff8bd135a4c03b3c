// Drizzle only: Stripe events already handled, and the purchases' payment status they move (a
// refund's is the refund row's, written by server/core/refunds).
import { and, eq } from "drizzle-orm";
import { leadPurchases, stripeEvents } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/** False when this event id was handled before (a replay is acknowledged and ignored). */
export async function recordStripeEvent(tx: Db, id: string, type: string): Promise<boolean> {
  const inserted = await tx.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return inserted.length > 0;
}

/** A pending purchase paid by this intent is now completed. */
export async function markIntentPaid(tx: Db, intentId: string, now: Date) {
  await tx
    .update(leadPurchases)
    .set({ paymentStatus: "completed", updatedAt: now })
    .where(and(eq(leadPurchases.paymentIntentId, intentId), eq(leadPurchases.paymentStatus, "pending")));
}
