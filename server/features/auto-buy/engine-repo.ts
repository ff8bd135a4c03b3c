// Drizzle only: what the auto-buy engine reads and writes about orders (docs/decisions/064-auto-buy-engine.md).
// The orders that may buy a lead, the caps' use inside the sale's transaction, and the pauses.
import { and, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { autoBuyCustomers, autoBuyOrders, leadExclusions, leadPurchases, leads, suburbs, users, type Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { providerColumns } from "../../core/providers";
import { onTheMarket } from "../../core/listing";

const orderColumns = {
  id: autoBuyOrders.id,
  ownerId: autoBuyOrders.ownerId,
  radiusKm: autoBuyOrders.radiusKm,
  suburbId: autoBuyOrders.suburbId,
  suburbLatitude: suburbs.latitude,
  suburbLongitude: suburbs.longitude,
  serviceTypes: autoBuyOrders.serviceTypes,
  propertyTypes: autoBuyOrders.propertyTypes,
  urgencies: autoBuyOrders.urgencies,
  minLeadScore: autoBuyOrders.minLeadScore,
  verifiedMobileOnly: autoBuyOrders.verifiedMobileOnly,
  maxPrice: autoBuyOrders.maxPrice,
  maxPerDay: autoBuyOrders.maxPerDay,
  maxPerWeek: autoBuyOrders.maxPerWeek,
  pausedReason: autoBuyOrders.pausedReason,
  pausedUntil: autoBuyOrders.pausedUntil,
  paymentMethodId: autoBuyOrders.paymentMethodId,
  createdAt: autoBuyOrders.createdAt,
  updatedAt: autoBuyOrders.updatedAt,
  stripeCustomerId: autoBuyCustomers.stripeCustomerId,
  owner: {
    ...providerColumns,
    serviceLatitude: users.serviceLatitude,
    serviceLongitude: users.serviceLongitude,
    serviceRadius: users.serviceRadius,
    licenceExpiry: users.licenceExpiry,
  },
};

/** An order with what deciding for it needs: its owner's place, name and licence, its Stripe customer. */
export type OrderRow = Awaited<ReturnType<typeof liveOrders>>[number];

/**
 * Orders that can buy at all: not deleted, not paused for good (a pause until a date still
 * counts: it lapses by itself), owned by an active, approved provider (docs/decisions/033; the
 * licence's expiry is checked by the caller against its clock).
 */
const buyingOrders = and(
  isNull(autoBuyOrders.deletedAt),
  sql`(${autoBuyOrders.pausedReason} is null or ${autoBuyOrders.pausedReason} = 'until_date')`,
  eq(users.userType, "provider"),
  eq(users.isActive, true),
  eq(users.verificationStatus, "approved"),
);

function liveOrders(db: Db, where: SQL | undefined) {
  return db
    .select(orderColumns)
    .from(autoBuyOrders)
    .innerJoin(users, eq(users.id, autoBuyOrders.ownerId))
    .leftJoin(suburbs, eq(suburbs.id, autoBuyOrders.suburbId))
    .leftJoin(autoBuyCustomers, eq(autoBuyCustomers.ownerId, autoBuyOrders.ownerId))
    .where(and(buyingOrders, where));
}

/**
 * These orders as the database has them now, those still buying: the engine's book (order-book.ts)
 * says which orders may want a lead, this read says what they are at the try.
 */
export async function ordersById(db: Db, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return liveOrders(db, inArray(autoBuyOrders.id, ids));
}

/**
 * Orders changed after `since` (their updated_at, then id), oldest change first, with whether
 * each can buy now (`buying`): a deleted, paused or no longer eligible order comes back too, so
 * the engine's book of orders (order-book.ts) drops it. `onlyBuying` for the first load.
 */
export function ordersChangedAfter(db: Db, since: { at: Date; id: number }, limit: number, onlyBuying = false) {
  // To the millisecond, as the cursor (a JavaScript Date) holds it: compared at the database's
  // microseconds, a page's last rows would pass the cursor again, and a page of orders saved by
  // one statement (one updated_at) would come back for ever.
  const changedAt = sql`date_trunc('milliseconds', ${autoBuyOrders.updatedAt})`;
  return db
    .select({ ...orderColumns, buying: sql<boolean>`coalesce(${buyingOrders}, false)` })
    .from(autoBuyOrders)
    .innerJoin(users, eq(users.id, autoBuyOrders.ownerId))
    .leftJoin(suburbs, eq(suburbs.id, autoBuyOrders.suburbId))
    .leftJoin(autoBuyCustomers, eq(autoBuyCustomers.ownerId, autoBuyOrders.ownerId))
    .where(and(sql`(${changedAt}, ${autoBuyOrders.id}) > (${since.at.toISOString()}::timestamptz, ${since.id})`, onlyBuying ? buyingOrders : undefined))
    .orderBy(changedAt, autoBuyOrders.id)
    .limit(limit);
}

/** The database's clock now (the clock orders' updated_at is stamped with). */
export async function databaseNow(db: Db): Promise<Date> {
  const result = await db.execute(sql`select clock_timestamp() as now`);
  return new Date((result as unknown as { rows: Array<{ now: string | Date }> }).rows[0]!.now);
}

/** The owners (among `ownerIds`) kept from each of these leads after a missed contact promise (docs/decisions/049). */
export async function exclusionsOf(db: Db, leadIds: number[], ownerIds: number[]): Promise<Set<string>> {
  if (leadIds.length === 0 || ownerIds.length === 0) return new Set();
  const rows = await db
    .select({ leadId: leadExclusions.leadId, userId: leadExclusions.userId })
    .from(leadExclusions)
    .where(and(inArray(leadExclusions.leadId, leadIds), inArray(leadExclusions.userId, ownerIds)));
  return new Set(rows.map((r) => `${r.leadId}:${r.userId}`));
}

/** Every lead on sale now, for matching changed orders against. */
export function leadsOnSale(db: Db) {
  return db.select().from(leads).where(onTheMarket);
}

/** Those of these leads on sale now. */
export async function leadsOnSaleById(db: Db, ids: number[]): Promise<Lead[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(leads)
    .where(and(inArray(leads.id, ids), onTheMarket));
}

/** Leads each owner auto-bought since `since` (the tie-break's second rule, shared/auto-buy.ts compareForTurn). */
export async function recentAutoBuysOf(db: Db, ownerIds: number[], since: Date): Promise<Map<number, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .select({ ownerId: autoBuyOrders.ownerId, n: sql<number>`count(*)::int` })
    .from(leadPurchases)
    .innerJoin(autoBuyOrders, eq(autoBuyOrders.id, leadPurchases.autoBuyOrderId))
    .where(and(inArray(autoBuyOrders.ownerId, ownerIds), gt(leadPurchases.purchasedAt, since)))
    .groupBy(autoBuyOrders.ownerId);
  return new Map(rows.map((r) => [r.ownerId, r.n]));
}

/**
 * What an order (or all of an owner's orders, deleted ones too: the business's caps,
 * docs/decisions/083-auto-buy-says-what-it-buys.md) has bought in its cap windows: every
 * purchase made for it, refunded or released or not (a refund gives no room back:
 * docs/decisions/064-auto-buy-engine.md).
 */
export async function capUseOf(db: Db, of: { orderId: number } | { ownerId: number }, w: { dayStart: Date; dayEnd: Date; weekStart: Date; weekEnd: Date }) {
  const inDay = sql`${leadPurchases.purchasedAt} >= ${w.dayStart.toISOString()}::timestamptz and ${leadPurchases.purchasedAt} < ${w.dayEnd.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      boughtToday: sql<number>`(count(*) filter (where ${inDay}))::int`,
      spentTodayCents: sql<number>`coalesce(round(sum(${leadPurchases.amountPaid}) filter (where ${inDay}) * 100), 0)::int`,
      spentThisWeekCents: sql<number>`coalesce(round(sum(${leadPurchases.amountPaid}) * 100), 0)::int`,
    })
    .from(leadPurchases)
    .where(
      and(
        "orderId" in of
          ? eq(leadPurchases.autoBuyOrderId, of.orderId)
          : sql`${leadPurchases.autoBuyOrderId} in (select ${autoBuyOrders.id} from ${autoBuyOrders} where ${autoBuyOrders.ownerId} = ${of.ownerId})`,
        sql`${leadPurchases.purchasedAt} >= ${w.weekStart.toISOString()}::timestamptz and ${leadPurchases.purchasedAt} < ${w.weekEnd.toISOString()}::timestamptz`,
      ),
    );
  return row ?? { boughtToday: 0, spentTodayCents: 0, spentThisWeekCents: 0 };
}

/** The order's row locked for the rest of the sale's transaction: two sales for one order take turns on their caps. */
export async function lockOrder(tx: Db, orderId: number) {
  const [row] = await tx
    .select({
      maxPrice: autoBuyOrders.maxPrice,
      maxPerDay: autoBuyOrders.maxPerDay,
      maxPerWeek: autoBuyOrders.maxPerWeek,
      pausedReason: autoBuyOrders.pausedReason,
      pausedUntil: autoBuyOrders.pausedUntil,
      deletedAt: autoBuyOrders.deletedAt,
    })
    .from(autoBuyOrders)
    .where(eq(autoBuyOrders.id, orderId))
    .for("update");
  return row;
}

/**
 * A declined card pauses its order until the owner resumes it. Its updated_at is the database's
 * statement clock, as the orders API's (the order sweep's cursor is in that clock).
 */
export async function pauseForDeclinedCard(db: Db, orderId: number): Promise<boolean> {
  const paused = await db
    .update(autoBuyOrders)
    .set({ pausedReason: "card_declined", pausedUntil: null, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(autoBuyOrders.id, orderId), isNull(autoBuyOrders.deletedAt)))
    .returning({ id: autoBuyOrders.id });
  return paused.length === 1;
}

/** A missed contact promise pauses every order of that owner (docs/decisions/064): how many it paused. updated_at as above. */
export async function pauseOrdersOfOwner(tx: Db, ownerId: number): Promise<number> {
  const paused = await tx
    .update(autoBuyOrders)
    .set({ pausedReason: "missed_promise", pausedUntil: null, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(autoBuyOrders.ownerId, ownerId), isNull(autoBuyOrders.deletedAt)))
    .returning({ id: autoBuyOrders.id });
  return paused.length;
}
