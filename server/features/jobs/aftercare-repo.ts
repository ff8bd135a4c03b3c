// Drizzle only: what the customer's two after-sale actions read and write (docs/decisions/
// 049-missed-promises-and-refunds.md): "No one has contacted me" (release, relist, exclude the
// buyer) and closing the request.
import { and, asc, count, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { MISSED_PROMISE_RELEASE, type CloseReason } from "../../../shared/job-aftercare";
import { contactAttempts, leadExclusions, leadPurchases, leads, salesStageHistory, type Lead, type LeadPurchase } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/** The lead's live purchase, row-locked until the transaction ends; undefined once released. */
export async function lockLivePurchaseOfLead(tx: Db, leadId: number): Promise<LeadPurchase | undefined> {
  const [row] = await tx
    .select()
    .from(leadPurchases)
    .where(and(eq(leadPurchases.leadId, leadId), isNull(leadPurchases.releasedAt)))
    .for("update");
  return row;
}

export async function findLead(db: Db, leadId: number): Promise<Lead | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
  return row;
}

export async function lockLead(tx: Db, leadId: number): Promise<Lead> {
  const [row] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
  return row!;
}

/** Every contact attempt on a purchase, oldest first. */
export function attemptsOf(db: Db, purchaseId: number) {
  return db
    .select({ channel: contactAttempts.channel, outcome: contactAttempts.outcome, at: contactAttempts.createdAt })
    .from(contactAttempts)
    .where(eq(contactAttempts.purchaseId, purchaseId))
    .orderBy(asc(contactAttempts.createdAt), asc(contactAttempts.id));
}

export async function attemptCountOf(db: Db, purchaseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactAttempts).where(eq(contactAttempts.purchaseId, purchaseId));
  return row?.n ?? 0;
}

/** Every stage move of a purchase, oldest first. */
export function stageMovesOf(db: Db, purchaseId: number) {
  return db
    .select({ from: salesStageHistory.fromStage, to: salesStageHistory.toStage, at: salesStageHistory.createdAt })
    .from(salesStageHistory)
    .where(eq(salesStageHistory.purchaseId, purchaseId))
    .orderBy(asc(salesStageHistory.createdAt), asc(salesStageHistory.id));
}

/**
 * The purchase is released as a missed promise (kept as the buyer's history, as an unpurchase
 * keeps it: docs/decisions/018) and the lead goes back on sale as a new listing: a fresh
 * auction clock from `now`, the same starting price. Returns the new listing, or undefined when
 * the purchase was no longer live (another request released it first).
 */
export async function releaseAndRelist(tx: Db, purchase: LeadPurchase, now: Date): Promise<number | undefined> {
  const released = await tx
    .update(leadPurchases)
    .set({ releasedAt: now, releaseReason: MISSED_PROMISE_RELEASE, updatedAt: now })
    .where(and(eq(leadPurchases.id, purchase.id), isNull(leadPurchases.releasedAt)))
    .returning({ id: leadPurchases.id });
  if (released.length === 0) return undefined;
  const [relisted] = await tx
    .update(leads)
    .set({ status: "available", isArchived: false, archivedAt: null, auctionStartedAt: now, listing: sql`${leads.listing} + 1`, updatedAt: now })
    .where(and(eq(leads.id, purchase.leadId), ne(leads.source, "provider_manual")))
    .returning({ listing: leads.listing });
  if (!relisted) throw new Error(`lead ${purchase.leadId} is a provider's own job`);
  return relisted.listing;
}

/** The buyer who missed the promise never sees, streams, is alerted to or buys this lead again. */
export async function excludeBuyer(tx: Db, leadId: number, userId: number, now: Date) {
  await tx.insert(leadExclusions).values({ leadId, userId, reason: "missed_promise", createdAt: now }).onConflictDoNothing();
}

/** When the lead's last purchase was released as a missed promise, or null. */
export async function lastMissedPromiseOf(db: Db, leadId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: leadPurchases.releasedAt })
    .from(leadPurchases)
    .where(and(eq(leadPurchases.leadId, leadId), eq(leadPurchases.releaseReason, MISSED_PROMISE_RELEASE)))
    .orderBy(desc(leadPurchases.releasedAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * The customer closed the request. A lead still on sale also comes off the market (archived,
 * so every market query, alert and sale already leaves it out); a sold one stays sold.
 */
export async function closeLead(tx: Db, leadId: number, close: { reason: CloseReason; note: string | null; now: Date; offMarket: boolean }) {
  const { now } = close;
  const [row] = await tx
    .update(leads)
    .set({
      closedByCustomerAt: now,
      closeReason: close.reason,
      closeNote: close.note,
      updatedAt: now,
      ...(close.offMarket && { isArchived: true, archivedAt: now }),
    })
    .where(and(eq(leads.id, leadId), isNull(leads.closedByCustomerAt)))
    .returning();
  return row;
}
