// Drizzle only: the owner's caps across all their orders (docs/decisions/083-auto-buy-says-what-it-buys.md).
// The sale locks the owner's row as it locks the order's, so two sales for one business take turns.
import { and, eq, isNull, sql } from "drizzle-orm";
import { autoBuyBusinessCaps, autoBuyOrders } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export interface BusinessCapsRow {
  maxPerDay: number | null;
  maxPerWeek: string | null;
}

export async function businessCapsOf(db: Db, ownerId: number): Promise<BusinessCapsRow | undefined> {
  const [row] = await db
    .select({ maxPerDay: autoBuyBusinessCaps.maxPerDay, maxPerWeek: autoBuyBusinessCaps.maxPerWeek })
    .from(autoBuyBusinessCaps)
    .where(eq(autoBuyBusinessCaps.ownerId, ownerId));
  return row;
}

/**
 * The owner's caps row locked for the rest of the sale's transaction. Undefined: the owner never
 * set any, and there is nothing to take turns on (a row saved meanwhile is read by the next sale).
 */
export async function lockBusinessCaps(tx: Db, ownerId: number): Promise<BusinessCapsRow | undefined> {
  const [row] = await tx
    .select({ maxPerDay: autoBuyBusinessCaps.maxPerDay, maxPerWeek: autoBuyBusinessCaps.maxPerWeek })
    .from(autoBuyBusinessCaps)
    .where(eq(autoBuyBusinessCaps.ownerId, ownerId))
    .for("update");
  return row;
}

/**
 * The owner's caps saved, and every live order of theirs touched (updated_at): the engine looks
 * again at what an owner's orders want when they change (docs/decisions/064), and a cap raised
 * may let them buy at once.
 */
export async function saveBusinessCaps(db: Db, ownerId: number, caps: BusinessCapsRow): Promise<void> {
  await db.transaction(async (tx) => {
    // The orders first, in id order, then the caps row: a sale locks its order and then this row,
    // so taking them the other way round here could deadlock with a sale of the same business.
    const orders = await tx
      .select({ id: autoBuyOrders.id })
      .from(autoBuyOrders)
      .where(and(eq(autoBuyOrders.ownerId, ownerId), isNull(autoBuyOrders.deletedAt)))
      .orderBy(autoBuyOrders.id)
      .for("update");
    if (orders.length > 0) {
      await tx
        .update(autoBuyOrders)
        .set({ updatedAt: sql`clock_timestamp()` })
        .where(and(eq(autoBuyOrders.ownerId, ownerId), isNull(autoBuyOrders.deletedAt)));
    }
    await tx
      .insert(autoBuyBusinessCaps)
      .values({ ownerId, ...caps, updatedAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({ target: autoBuyBusinessCaps.ownerId, set: { ...caps, updatedAt: sql`clock_timestamp()` } });
  });
}
