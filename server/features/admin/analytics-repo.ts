// The admin analytics, as SQL aggregates only: nothing here loads rows to count them in
// memory. What each figure counts is docs/decisions/015-admin-analytics.md.
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { MISSED_PROMISE_RELEASE } from "../../../shared/job-aftercare";
import { leadPurchases, leads, purchaseRefunds, users } from "../../../shared/schema";
import { SYDNEY_ZONE } from "../../../shared/sydney-time";
import type { Db } from "../../platform/db/client";

/** A literal, not a parameter: the month expression must be identical in SELECT and GROUP BY. */
const sydney = sql.raw(`'${SYDNEY_ZONE}'`);
export const INBOUND_SOURCES = ["quote_form", "admin_manual"] as const;

/**
 * A purchase that counts as a marketplace sale: not released (unpurchased), paid
 * (refunded ones are out), of a marketplace lead (a provider's own job added at $0 is not a sale).
 * A purchase released because its buyer missed the promise still counts: it was paid for and
 * not refunded (docs/decisions/049), though it is no longer in anyone's pipeline.
 */
const countedPurchase = and(
  or(isNull(leadPurchases.releasedAt), eq(leadPurchases.releaseReason, MISSED_PROMISE_RELEASE)),
  eq(leadPurchases.paymentStatus, "completed"),
  ne(leads.source, "provider_manual"),
  // A purchase with a refund row is refunded whatever its status says (docs/decisions/049).
  sql`not exists (select 1 from ${purchaseRefunds} where ${purchaseRefunds.purchaseId} = ${leadPurchases.id})`,
);
/** The stage counts are of jobs someone still works: a released purchase is in none. */
const live = sql`${leadPurchases.releasedAt} is null`;

const money = (expr: ReturnType<typeof sql>) => sql<string>`(${expr})::numeric(14,2)::text`;

export async function purchaseTotals(db: Db) {
  const stage = (value: string) => sql<number>`(count(*) filter (where ${leadPurchases.salesStage} = ${value} and ${live}))::int`;
  const [row] = await db
    .select({
      purchases: sql<number>`count(*)::int`,
      revenue: money(sql`coalesce(sum(${leadPurchases.amountPaid}), 0)`),
      averageValue: money(sql`coalesce(round(avg(${leadPurchases.amountPaid}), 2), 0)`),
      purchased: stage("purchased"),
      called: stage("called"),
      bookedIn: stage("booked_in"),
      paid: stage("invoice_paid"),
      safetyCheck: sql<number>`(count(*) filter (where ${leadPurchases.safetyCheckPassedAt} is not null and ${live}))::int`,
      finalised: sql<number>`(count(*) filter (where ${leadPurchases.finalisedAt} is not null and ${live}))::int`,
    })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(countedPurchase);
  return row!;
}

export async function purchasesByStage(db: Db) {
  return db
    .select({ stage: leadPurchases.salesStage, count: sql<number>`count(*)::int` })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(countedPurchase, live))
    .groupBy(leadPurchases.salesStage);
}

/**
 * Providers, and the active ones among them: an account that is active (the green "Active"
 * badge under Providers, docs/decisions/032) and approved by the licence check (037): a
 * provider still waiting for it, or rejected, cannot buy. Buying recently is a different question.
 */
export async function providerCounts(db: Db) {
  const active = and(eq(users.isActive, true), eq(users.verificationStatus, "approved"));
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, active: sql<number>`(count(*) filter (where ${active}))::int` })
    .from(users)
    .where(eq(users.userType, "provider"));
  return { total: row!.total, active: row!.active };
}

/** Counted purchases per Sydney calendar month since the start of the month 11 months back. */
export async function purchasesPerMonth(db: Db, now: Date) {
  const month = sql<string>`to_char(${leadPurchases.purchasedAt} at time zone ${sydney}, 'YYYY-MM')`;
  const nowText = now.toISOString();
  const since = sql`((date_trunc('month', ${nowText}::timestamptz at time zone ${sydney}) - interval '11 months') at time zone ${sydney})`;
  return db
    .select({ month, purchases: sql<number>`count(*)::int`, revenue: money(sql`coalesce(sum(${leadPurchases.amountPaid}), 0)`) })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(countedPurchase, sql`${leadPurchases.purchasedAt} >= ${since}`, sql`${leadPurchases.purchasedAt} <= ${nowText}::timestamptz`))
    .groupBy(month);
}

/**
 * Refunds from their rows (docs/decisions/049): count and amount per reason, all time and over
 * the 30 days to `now`. Every refund row counts, whatever its purchase became since.
 */
export async function refundsByReason(db: Db, now: Date) {
  const recent = sql`${purchaseRefunds.createdAt} > ${new Date(now.getTime() - 30 * 24 * 3600_000).toISOString()}::timestamptz`;
  return db
    .select({
      reason: purchaseRefunds.reason,
      count: sql<number>`count(*)::int`,
      amount: money(sql`coalesce(sum(${purchaseRefunds.amount}), 0)`),
      recentCount: sql<number>`(count(*) filter (where ${recent}))::int`,
      recentAmount: money(sql`coalesce(sum(${purchaseRefunds.amount}) filter (where ${recent}), 0)`),
    })
    .from(purchaseRefunds)
    .groupBy(purchaseRefunds.reason);
}

/**
 * Inbound leads, and those of them converted: with a counted sale (live, completed, so a
 * paid or $0-claimed one), the same rule as totalPurchases. The lead's own status is not
 * used: a refunded or cancelled sale leaves it "sold" although nothing was earned.
 */
export async function leadCounts(db: Db) {
  const [row] = await db
    .select({
      inbound: sql<number>`count(distinct ${leads.id})::int`,
      converted: sql<number>`count(distinct ${leadPurchases.leadId})::int`,
    })
    .from(leads)
    .leftJoin(
      leadPurchases,
      and(
        eq(leadPurchases.leadId, leads.id),
        or(isNull(leadPurchases.releasedAt), eq(leadPurchases.releaseReason, MISSED_PROMISE_RELEASE)),
        eq(leadPurchases.paymentStatus, "completed"),
        sql`not exists (select 1 from ${purchaseRefunds} where ${purchaseRefunds.purchaseId} = ${leadPurchases.id})`,
      ),
    )
    .where(inArray(leads.source, [...INBOUND_SOURCES]));
  return row!;
}
