// Drizzle only: what the job page reads of a sold request and of its buyer (docs/decisions/044-job-page.md).
import { and, count, eq, gte, inArray, isNotNull, isNull, min, ne, sql } from "drizzle-orm";
import { contactAttempts, leadPurchases, leads, salesStageHistory, users } from "../../shared/schema";
import type { Db } from "../db/client";
import { CALLED_OR_LATER } from "./progress";

/** The lead's live purchase: a released one (unpurchased) is history, not the sale. */
export async function livePurchaseOf(db: Db, leadId: number) {
  const [row] = await db
    .select()
    .from(leadPurchases)
    .where(and(eq(leadPurchases.leadId, leadId), isNull(leadPurchases.releasedAt)));
  return row ?? null;
}

/** When the buyer first reached the customer: a reached attempt, or a move to Called or later. */
export async function contactTimesOf(db: Db, purchaseId: number) {
  const [reached] = await db
    .select({ at: min(contactAttempts.createdAt) })
    .from(contactAttempts)
    .where(and(eq(contactAttempts.purchaseId, purchaseId), eq(contactAttempts.outcome, "reached")));
  const [moved] = await db
    .select({ at: min(salesStageHistory.createdAt) })
    .from(salesStageHistory)
    .where(and(eq(salesStageHistory.purchaseId, purchaseId), inArray(salesStageHistory.toStage, CALLED_OR_LATER)));
  return { firstReachedAt: reached?.at ?? null, firstCalledOrLaterAt: moved?.at ?? null };
}

export async function buyerOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      companyName: users.companyName,
      firstName: users.firstName,
      phone: users.phone,
      licenseNumber: users.licenseNumber,
      licenceState: users.licenceState,
      verificationStatus: users.verificationStatus,
      verificationDecidedAt: users.verificationDecidedAt,
      abn: users.abn,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** A buyer's purchases that are theirs and from the market: not released, not a provider's own job. */
const marketPurchasesOf = (buyerId: number) => and(eq(leadPurchases.buyerId, buyerId), isNull(leadPurchases.releasedAt), ne(leads.source, "provider_manual"));

/** The buyer's market jobs that reached Paid. */
export async function jobsCompletedBy(db: Db, buyerId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(marketPurchasesOf(buyerId), isNotNull(leadPurchases.invoicePaidAt)));
  return row?.n ?? 0;
}

/**
 * Minutes from purchase to first contact for each of the buyer's market purchases made since
 * `since`: the first contact attempt of any outcome or the first move to Called or later,
 * whichever came first. Purchases with no contact yet are left out.
 */
export async function contactMinutesOf(db: Db, buyerId: number, since: Date) {
  const firstAttempt = sql`(select min(${contactAttempts.createdAt}) from ${contactAttempts} where ${contactAttempts.purchaseId} = ${leadPurchases.id})`;
  const firstMove = sql`(select min(${salesStageHistory.createdAt}) from ${salesStageHistory}
    where ${salesStageHistory.purchaseId} = ${leadPurchases.id} and ${inArray(salesStageHistory.toStage, CALLED_OR_LATER)})`;
  const firstContact = sql`least(${firstAttempt}, ${firstMove})`;
  const rows = await db
    .select({ minutes: sql<number>`(extract(epoch from (${firstContact} - ${leadPurchases.purchasedAt})) / 60)::float8`.mapWith(Number) })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(marketPurchasesOf(buyerId), gte(leadPurchases.purchasedAt, since), sql`${firstContact} is not null`));
  return rows.map((r) => r.minutes);
}
