// Drizzle only: what the auto-buy engine reads and writes about orders (docs/decisions/064-auto-buy-engine.md).
// The orders that may buy a lead, the caps' use inside the sale's transaction, and the pauses.
import { and, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { autoBuyCustomers, autoBuyOrders, leadExclusions, leadPurchases, leads, suburbs, users, type Lead } from "../../shared/schema";
import type { Db } from "../db/client";
import { onTheMarket } from "../marketplace";
import { DEFAULT_SERVICE_RADIUS } from "../../shared/auth";
import { EARTH_RADIUS_KM, toCoordinates } from "../../shared/geo";

const orderColumns = {
  id: autoBuyOrders.id,
  ownerId: autoBuyOrders.ownerId,
  radiusKm: autoBuyOrders.radiusKm,
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
    id: users.id,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phone,
    companyName: users.companyName,
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

const anyOr = (column: SQL | PgColumn, value: string) => sql`(cardinality(${column}) = 0 or ${value} = any(${column}))`;

/**
 * Whether the lead lies near enough the order's area to be looked at: the centre and radius
 * schedule.ts inArea reads (the order's suburb, else the owner's service location; the order's
 * radius, else the owner's service radius, else the default), by the haversine of shared/geo.ts.
 * A tenth of a kilometre wider, as the card's rounding is; inArea decides exactly. Without it,
 * every order in the country whose filters take the lead comes back, each time a lead is
 * scheduled or tried: thousands of rows for a dozen in the area.
 */
function nearOrderArea(lead: Lead): SQL {
  const place = toCoordinates(lead.latitude, lead.longitude);
  if (!place) return sql`false`;
  const centreLat = sql`(case when ${suburbs.latitude} is not null then ${suburbs.latitude} else ${users.serviceLatitude} end)::float8`;
  const centreLng = sql`(case when ${suburbs.latitude} is not null then ${suburbs.longitude} else ${users.serviceLongitude} end)::float8`;
  const r = (d: SQL) => sql`((${d}) * pi() / 180)`;
  const h = sql`power(sin(${r(sql`${centreLat} - ${place.latitude}::float8`)} / 2), 2) + cos(${r(sql`${place.latitude}::float8`)}) * cos(${r(centreLat)}) * power(sin(${r(sql`${centreLng} - ${place.longitude}::float8`)} / 2), 2)`;
  const radius = sql`coalesce(${autoBuyOrders.radiusKm}, ${users.serviceRadius}, ${DEFAULT_SERVICE_RADIUS})`;
  return sql`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(${h}))) <= ${radius} + 0.1`;
}

/**
 * The orders whose filters take this lead and whose area is near it, its owner not kept from it
 * by a missed promise (docs/decisions/049). The exact area, the mobile check and the owner's own
 * customers are the caller's (schedule.ts orderTakesLead, sale-service ownCustomerOf).
 */
export function ordersForLead(db: Db, lead: Lead) {
  return liveOrders(
    db,
    and(
      nearOrderArea(lead),
      anyOr(autoBuyOrders.serviceTypes, lead.serviceType),
      anyOr(autoBuyOrders.propertyTypes, lead.propertyType),
      anyOr(autoBuyOrders.urgencies, lead.urgency),
      sql`${autoBuyOrders.minLeadScore} <= ${lead.leadScore}`,
      sql`not exists (select 1 from ${leadExclusions} where ${leadExclusions.leadId} = ${lead.id} and ${leadExclusions.userId} = ${autoBuyOrders.ownerId})`,
    ),
  );
}

/** Orders changed after `since` (their updated_at, then id), oldest change first: deleted and paused ones left out. */
export function ordersChangedAfter(db: Db, since: { at: Date; id: number }, limit: number) {
  // To the millisecond, as the cursor (a JavaScript Date) holds it: compared at the database's
  // microseconds, a page's last rows would pass the cursor again, and a page of orders saved by
  // one statement (one updated_at) would come back for ever.
  const changedAt = sql`date_trunc('milliseconds', ${autoBuyOrders.updatedAt})`;
  return liveOrders(db, sql`(${changedAt}, ${autoBuyOrders.id}) > (${since.at.toISOString()}::timestamptz, ${since.id})`)
    .orderBy(changedAt, autoBuyOrders.id)
    .limit(limit);
}

/** Every lead on sale now, for matching changed orders against. */
export function leadsOnSale(db: Db) {
  return db.select().from(leads).where(onTheMarket);
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
 * What an order has bought in its cap windows: every purchase made for it, refunded or
 * released or not (a refund gives no room back: docs/decisions/064-auto-buy-engine.md).
 */
export async function capUseOf(db: Db, orderId: number, w: { dayStart: Date; dayEnd: Date; weekStart: Date; weekEnd: Date }) {
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
        eq(leadPurchases.autoBuyOrderId, orderId),
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

/** A declined card pauses its order until the owner resumes it. */
export async function pauseForDeclinedCard(db: Db, orderId: number, now: Date): Promise<boolean> {
  const paused = await db
    .update(autoBuyOrders)
    .set({ pausedReason: "card_declined", pausedUntil: null, updatedAt: now })
    .where(and(eq(autoBuyOrders.id, orderId), isNull(autoBuyOrders.deletedAt)))
    .returning({ id: autoBuyOrders.id });
  return paused.length === 1;
}

/** A missed contact promise pauses every order of that owner (docs/decisions/064): how many it paused. */
export async function pauseOrdersOfOwner(tx: Db, ownerId: number, now: Date): Promise<number> {
  const paused = await tx
    .update(autoBuyOrders)
    .set({ pausedReason: "missed_promise", pausedUntil: null, updatedAt: now })
    .where(and(eq(autoBuyOrders.ownerId, ownerId), isNull(autoBuyOrders.deletedAt)))
    .returning({ id: autoBuyOrders.id });
  return paused.length;
}

/** Whether any order is kept at all: with none, the engine schedules nothing. */
export async function anyLiveOrder(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: autoBuyOrders.id }).from(autoBuyOrders).where(isNull(autoBuyOrders.deletedAt)).limit(1);
  return row !== undefined;
}

/** The phone numbers of each owner's side (their own and their team's), for the no-own-customer rule (docs/decisions/058-reviews.md). */
export async function sidePhonesOf(db: Db, ownerIds: number[]): Promise<Map<number, string[]>> {
  const phones = new Map<number, string[]>();
  if (ownerIds.length === 0) return phones;
  const rows = await db
    .select({ side: sql<number>`coalesce(${users.teamOwnerId}, ${users.id})`, phone: users.phone })
    .from(users)
    .where(and(or(inArray(users.id, ownerIds), inArray(users.teamOwnerId, ownerIds)), isNotNull(users.phone)));
  for (const row of rows) if (row.phone) phones.set(row.side, [...(phones.get(row.side) ?? []), row.phone]);
  return phones;
}
