// Drizzle only: the electricians' private calendar feeds and the booked jobs they list
// (docs/decisions/049-missed-promises-and-refunds.md, "The calendar feed").
import { and, asc, desc, eq, gte, isNull, lte, ne, sql } from "drizzle-orm";
import { calendarFeeds, jobDetails, leadPurchases, leads, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/** Stops every live feed of the user; returns how many. */
export async function revokeFeeds(tx: Db, userId: number, now: Date): Promise<number> {
  const revoked = await tx
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  return revoked.length;
}

export async function insertFeed(tx: Db, userId: number, tokenHash: string, now: Date) {
  const [row] = await tx.insert(calendarFeeds).values({ userId, tokenHash, createdAt: now }).returning();
  return row!;
}

/** The user's live feed, if any (the newest; creating one stops the others). */
export async function liveFeedOf(db: Db, userId: number) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .orderBy(desc(calendarFeeds.createdAt))
    .limit(1);
  return row;
}

/**
 * Whose jobs a token opens: one probe of the unique index on the hash. The feed's owner must be
 * active, and a team member's owner too (as a session, server/core/accounts/session-repo.ts); the jobs
 * are their owner's, read from the row now, so a member who left the team sees none.
 */
export async function pipelineOfToken(db: Db, tokenHash: string): Promise<number | null> {
  const owners = sql`(select o.is_active from users o where o.id = ${users.teamOwnerId})`;
  const [row] = await db
    .select({
      revokedAt: calendarFeeds.revokedAt,
      userType: users.userType,
      teamOwnerId: users.teamOwnerId,
      userId: users.id,
      active: sql<boolean>`coalesce(${users.isActive} and (${users.teamOwnerId} is null or ${owners}), false)`,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  if (!row || row.revokedAt !== null || !row.active || row.userType === "customer") return null;
  return row.userType === "team_member" ? row.teamOwnerId : row.userId;
}

/**
 * A pipeline's booked jobs between `from` and `to`: a start set, not released, archived,
 * refunded or declined, paid (own jobs are "completed" too). Through lead_purchases_buyer_stage_idx.
 */
export function bookedJobsOf(db: Db, ownerId: number, from: Date, to: Date) {
  return db
    .select({
      purchaseId: leadPurchases.id,
      startsAt: leadPurchases.jobStartsAt,
      endsAt: leadPurchases.jobEndsAt,
      updatedAt: leadPurchases.updatedAt,
      jobReference: leads.jobReference,
      // The buyer's working copy where they made one (docs/decisions/073-the-customers-own-contact.md).
      serviceType: sql<string>`coalesce(${jobDetails.serviceType}, ${leads.serviceType})`,
      customerName: sql<string>`coalesce(${jobDetails.customerName}, ${leads.customerName})`,
      customerPhone: sql<string>`coalesce(${jobDetails.customerPhone}, ${leads.customerPhone})`,
      customerAddress: sql<string | null>`case when ${jobDetails.purchaseId} is null then ${leads.customerAddress} else ${jobDetails.customerAddress} end`,
      serviceLocation: sql<string>`coalesce(${jobDetails.serviceLocation}, ${leads.serviceLocation})`,
      suburb: leads.suburb,
    })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .leftJoin(jobDetails, eq(jobDetails.purchaseId, leadPurchases.id))
    .where(
      and(
        eq(leadPurchases.buyerId, ownerId),
        isNull(leadPurchases.releasedAt),
        isNull(leadPurchases.refundedAt),
        eq(leadPurchases.isArchived, false),
        eq(leadPurchases.paymentStatus, "completed"),
        ne(leadPurchases.salesStage, "declined"),
        gte(leadPurchases.jobStartsAt, from),
        lte(leadPurchases.jobStartsAt, to),
      ),
    )
    .orderBy(asc(leadPurchases.jobStartsAt), asc(leadPurchases.id));
}
