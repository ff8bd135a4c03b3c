// The standing orders' rows (docs/decisions/063-auto-buy-orders.md). Every write sets
// updated_at = now() in its own statement: the engine notices a changed order by it and by
// nothing else.
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { autoBuyCustomers, autoBuyOrders, leadPurchases, suburbs, users, type AutoBuyOrderRow } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export type NewOrderRow = Omit<typeof autoBuyOrders.$inferInsert, "id" | "createdAt" | "updatedAt" | "deletedAt">;
export type OrderChanges = Partial<Omit<NewOrderRow, "ownerId">>;

const live = (ownerId: number) => and(eq(autoBuyOrders.ownerId, ownerId), isNull(autoBuyOrders.deletedAt));

export async function listOrders(db: Db, ownerId: number): Promise<AutoBuyOrderRow[]> {
  return db.select().from(autoBuyOrders).where(live(ownerId)).orderBy(desc(autoBuyOrders.createdAt), desc(autoBuyOrders.id));
}

/** The owner's live order; another owner's, or a deleted one, is not found. */
export async function findOrder(db: Db, ownerId: number, id: number): Promise<AutoBuyOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(autoBuyOrders)
    .where(and(live(ownerId), eq(autoBuyOrders.id, id)));
  return row;
}

/**
 * A new order, unless the owner already keeps `max`: the owner's row is locked while counting,
 * so two creates at once cannot both take the last place. Null when full.
 */
export async function insertOrderUnderLimit(db: Db, values: NewOrderRow, max: number): Promise<AutoBuyOrderRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.ownerId)).for("update");
    const [kept] = await tx.select({ n: count() }).from(autoBuyOrders).where(live(values.ownerId));
    if ((kept?.n ?? 0) >= max) return null;
    const [row] = await tx
      .insert(autoBuyOrders)
      // The statement's own clock, after the owner's lock was granted, not the transaction's start:
      // the engine reads changes from shortly behind the newest it saw (docs/decisions/064).
      .values({ ...values, updatedAt: sql`clock_timestamp()` })
      .returning();
    return row!;
  });
}

export async function updateOrder(db: Db, ownerId: number, id: number, changes: OrderChanges): Promise<AutoBuyOrderRow | undefined> {
  const [row] = await db
    .update(autoBuyOrders)
    .set({ ...changes, updatedAt: sql`clock_timestamp()` })
    .where(and(live(ownerId), eq(autoBuyOrders.id, id)))
    .returning();
  return row;
}

/** Soft delete: the row stays, so its purchases still read "Auto-bought". */
export async function deleteOrder(db: Db, ownerId: number, id: number): Promise<boolean> {
  const gone = await db
    .update(autoBuyOrders)
    .set({ deletedAt: sql`now()`, updatedAt: sql`clock_timestamp()` })
    .where(and(live(ownerId), eq(autoBuyOrders.id, id)))
    .returning({ id: autoBuyOrders.id });
  return gone.length > 0;
}

/** An order the card setup could not start for: it never existed for anyone. */
export async function discardOrder(db: Db, id: number): Promise<void> {
  await db.delete(autoBuyOrders).where(eq(autoBuyOrders.id, id));
}

export interface OrderUse {
  orderId: number;
  boughtToday: number;
  spentTodayCents: number;
  spentThisWeekCents: number;
}

/** What each order bought in the day and the week: every purchase counts, refunded or released too. */
export async function usesOf(db: Db, orderIds: number[], windows: { dayStart: Date; dayEnd: Date; weekStart: Date; weekEnd: Date }): Promise<OrderUse[]> {
  if (orderIds.length === 0) return [];
  const day = sql`${leadPurchases.purchasedAt} >= ${windows.dayStart} and ${leadPurchases.purchasedAt} < ${windows.dayEnd}`;
  const rows = await db
    .select({
      orderId: sql<number>`${leadPurchases.autoBuyOrderId}`,
      boughtToday: sql<number>`(count(*) filter (where ${day}))::int`,
      spentTodayCents: sql<number>`(coalesce(sum(${leadPurchases.amountPaid}) filter (where ${day}), 0) * 100)::bigint`,
      spentThisWeekCents: sql<number>`(coalesce(sum(${leadPurchases.amountPaid}), 0) * 100)::bigint`,
    })
    .from(leadPurchases)
    .where(
      and(
        inArray(leadPurchases.autoBuyOrderId, orderIds),
        sql`${leadPurchases.purchasedAt} >= ${windows.weekStart} and ${leadPurchases.purchasedAt} < ${windows.weekEnd}`,
      ),
    )
    .groupBy(leadPurchases.autoBuyOrderId);
  return rows.map((r) => ({
    orderId: Number(r.orderId),
    boughtToday: Number(r.boughtToday),
    spentTodayCents: Number(r.spentTodayCents),
    spentThisWeekCents: Number(r.spentThisWeekCents),
  }));
}

export async function suburbsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: suburbs.id, name: suburbs.name, state: suburbs.state, postcode: suburbs.postcode, latitude: suburbs.latitude, longitude: suburbs.longitude })
    .from(suburbs)
    .where(inArray(suburbs.id, ids));
}

/** The owner's service location and radius, and the e-mail their Stripe customer carries. */
export async function ownerOf(db: Db, ownerId: number) {
  const [row] = await db
    .select({ email: users.email, serviceLatitude: users.serviceLatitude, serviceLongitude: users.serviceLongitude, serviceRadius: users.serviceRadius })
    .from(users)
    .where(eq(users.id, ownerId));
  return row;
}

export async function customerOf(db: Db, ownerId: number): Promise<string | null> {
  const [row] = await db.select({ id: autoBuyCustomers.stripeCustomerId }).from(autoBuyCustomers).where(eq(autoBuyCustomers.ownerId, ownerId));
  return row?.id ?? null;
}

/** The first customer saved for an owner stays theirs; a second made in a race is left unused. */
export async function keepCustomer(db: Db, ownerId: number, stripeCustomerId: string): Promise<string> {
  await db.insert(autoBuyCustomers).values({ ownerId, stripeCustomerId }).onConflictDoNothing();
  return (await customerOf(db, ownerId)) ?? stripeCustomerId;
}
