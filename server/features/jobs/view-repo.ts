// Drizzle only: what the job page reads of a sold request and of its buyer (docs/decisions/044-job-page.md).
import { and, eq, inArray, isNull, min } from "drizzle-orm";
import { contactAttempts, leadPurchases, salesStageHistory, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { CALLED_OR_LATER } from "../../../shared/jobs";

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
