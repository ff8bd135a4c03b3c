// Drizzle only: the buyer's side's contact attempts (docs/decisions/045-contact-promise.md).
import { and, asc, desc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { ContactChannel, ContactOutcome } from "../../../shared/jobs";
import { contactAttempts, leadPurchases } from "../../../shared/schema";
import { endOfSydneyDay, startOfSydneyDay } from "../../../shared/sydney-time";
import type { Db } from "../../platform/db/client";

export async function insertAttempt(tx: Db, attempt: { purchaseId: number; userId: number; channel: ContactChannel; outcome: ContactOutcome; now: Date }) {
  const [row] = await tx
    .insert(contactAttempts)
    .values({ purchaseId: attempt.purchaseId, userId: attempt.userId, channel: attempt.channel, outcome: attempt.outcome, createdAt: attempt.now })
    .returning();
  return row!;
}

/**
 * For each live, unarchived purchase of an owner's pipeline that has any: its latest attempt
 * and the time of its first, in one pass (DISTINCT ON keeps the newest row per purchase).
 */
export function latestAttemptsOf(db: Db, ownerId: number) {
  return db
    .selectDistinctOn([contactAttempts.purchaseId], {
      purchaseId: contactAttempts.purchaseId,
      id: contactAttempts.id,
      channel: contactAttempts.channel,
      outcome: contactAttempts.outcome,
      at: contactAttempts.createdAt,
      firstAt: sql<Date>`min(${contactAttempts.createdAt}) over (partition by ${contactAttempts.purchaseId})`.mapWith(contactAttempts.createdAt),
    })
    .from(contactAttempts)
    .innerJoin(leadPurchases, eq(leadPurchases.id, contactAttempts.purchaseId))
    .where(and(eq(leadPurchases.buyerId, ownerId), isNull(leadPurchases.releasedAt), eq(leadPurchases.isArchived, false)))
    .orderBy(contactAttempts.purchaseId, desc(contactAttempts.createdAt), desc(contactAttempts.id));
}

/** Every attempt on the purchases the export holds (same owner and range as exportRowsOf), oldest first. */
export function attemptsForExport(db: Db, ownerId: number, range: { from?: string; to?: string } = {}) {
  return db
    .select({ purchaseId: contactAttempts.purchaseId, channel: contactAttempts.channel, outcome: contactAttempts.outcome, at: contactAttempts.createdAt })
    .from(contactAttempts)
    .innerJoin(leadPurchases, eq(leadPurchases.id, contactAttempts.purchaseId))
    .where(
      and(
        eq(leadPurchases.buyerId, ownerId),
        isNull(leadPurchases.releasedAt),
        range.from ? gte(leadPurchases.purchasedAt, startOfSydneyDay(range.from)) : undefined,
        range.to ? lte(leadPurchases.purchasedAt, endOfSydneyDay(range.to)) : undefined,
      ),
    )
    .orderBy(asc(contactAttempts.createdAt), asc(contactAttempts.id));
}
