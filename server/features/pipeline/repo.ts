// Drizzle only: the rows of a provider's pipeline.
import { and, desc, eq, gte, isNull, lte, ne, or, sql } from "drizzle-orm";
import { MISSED_PROMISE_RELEASE } from "../../../shared/job-aftercare";
import type { SalesStage } from "../../../shared/enums";
import { STAGE_TIMESTAMP } from "../../../shared/pipeline";
import { jobDetails, leadPurchases, leads, salesStageHistory, users, type LeadPurchase } from "../../../shared/schema";
import { endOfSydneyDay, startOfSydneyDay } from "../../../shared/sydney-time";
import type { Db } from "../../platform/db/client";
import { asTheBuyerSeesIt, type JobDetailValues } from "./job-details";

const livePurchase = (purchaseId: number, ownerId: number | null) =>
  and(eq(leadPurchases.id, purchaseId), isNull(leadPurchases.releasedAt), ownerId === null ? undefined : eq(leadPurchases.buyerId, ownerId));

/** A live (not released) purchase; `ownerId` null means any buyer (super admin). */
export async function findLivePurchase(db: Db, purchaseId: number, ownerId: number | null): Promise<LeadPurchase | undefined> {
  const [row] = await db.select().from(leadPurchases).where(livePurchase(purchaseId, ownerId));
  return row;
}

/** The same, row-locked until the transaction ends, so what is recorded as "before" is true. */
export async function lockLivePurchase(tx: Db, purchaseId: number, ownerId: number | null): Promise<LeadPurchase | undefined> {
  const [row] = await tx.select().from(leadPurchases).where(livePurchase(purchaseId, ownerId)).for("update");
  return row;
}

/**
 * A pipeline owner's live purchases with the full lead (unlocked: they bought it), and those
 * released because the promise was missed: theirs to account for, no longer to work
 * (docs/decisions/049). The caller strips the customer's contact details from those.
 */
export async function purchasesOf(db: Db, ownerId: number) {
  const rows = await db
    .select({ purchase: leadPurchases, lead: leads, copy: jobDetails })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .leftJoin(jobDetails, eq(jobDetails.purchaseId, leadPurchases.id))
    .where(
      and(
        eq(leadPurchases.buyerId, ownerId),
        or(isNull(leadPurchases.releasedAt), eq(leadPurchases.releaseReason, MISSED_PROMISE_RELEASE)),
        eq(leadPurchases.isArchived, false),
      ),
    )
    .orderBy(desc(leadPurchases.purchasedAt), desc(leadPurchases.id));
  return rows.map(({ purchase, lead, copy }) => ({ purchase, lead: asTheBuyerSeesIt(lead, copy), request: lead }));
}

export async function lockLead(tx: Db, leadId: number) {
  const [row] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
  return row!;
}

export async function findLivePurchaseOfLead(db: Db, leadId: number, ownerId: number) {
  const [row] = await db
    .select()
    .from(leadPurchases)
    .where(and(eq(leadPurchases.leadId, leadId), eq(leadPurchases.buyerId, ownerId), isNull(leadPurchases.releasedAt)));
  return row;
}

export interface StageChanges {
  salesStage?: SalesStage;
  salesNotes?: string | null;
  quotePrice?: string | null;
  customerPaymentAmount?: string | null;
  jobStartsAt?: Date | null;
  jobEndsAt?: Date | null;
  followUpOn?: string | null;
  declineReason?: string | null;
  declineNote?: string | null;
}

/** A saved change to the card's typed values: the next version, and who made it (decision 031). */
export async function bumpVersion(tx: Db, purchaseId: number, userId: number | null) {
  const [row] = await tx
    .update(leadPurchases)
    .set({ version: sql`${leadPurchases.version} + 1`, updatedBy: userId })
    .where(eq(leadPurchases.id, purchaseId))
    .returning();
  return row!;
}

/** A person's display name only (first and last name, else the company), as the history shows. */
export async function displayName(db: Db, userId: number): Promise<string | null> {
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName, companyName: users.companyName }).from(users).where(eq(users.id, userId));
  return u ? [u.firstName, u.lastName].filter(Boolean).join(" ") || u.companyName || null : null;
}

/** Applies the changes; a stage entered for the first time gets its timestamp. */
export async function updatePurchaseStage(tx: Db, purchaseId: number, changes: StageChanges, now: Date) {
  const stamp: Record<string, unknown> = {};
  const stage = changes.salesStage;
  if (stage && stage in STAGE_TIMESTAMP) {
    const key = STAGE_TIMESTAMP[stage as keyof typeof STAGE_TIMESTAMP];
    stamp[key] = sql`coalesce(${leadPurchases[key]}, ${now.toISOString()}::timestamptz)`;
  }
  const [row] = await tx
    .update(leadPurchases)
    .set({ ...changes, ...stamp, updatedAt: now })
    .where(eq(leadPurchases.id, purchaseId))
    .returning();
  return row!;
}

export async function recordStageChange(
  tx: Db,
  entry: { purchaseId: number; changedBy: number | null; fromStage: SalesStage; toStage: SalesStage; now: Date },
) {
  await tx.insert(salesStageHistory).values({
    purchaseId: entry.purchaseId,
    changedBy: entry.changedBy,
    fromStage: entry.fromStage,
    toStage: entry.toStage,
    createdAt: entry.now,
  });
}

/** The stage a job had before it last entered Paid (its latest stage change into Paid), or null if none says. */
export const stageBeforeLastPaid = (db: Db, purchaseId: number) => stageBeforeLast(db, purchaseId, "invoice_paid");

/** The stage a job had before it last moved to `stage`, or null when it never did. */
export async function stageBeforeLast(db: Db, purchaseId: number, stage: SalesStage): Promise<SalesStage | null> {
  const [row] = await db
    .select({ from: salesStageHistory.fromStage })
    .from(salesStageHistory)
    .where(and(eq(salesStageHistory.purchaseId, purchaseId), eq(salesStageHistory.toStage, stage)))
    .orderBy(desc(salesStageHistory.createdAt), desc(salesStageHistory.id))
    .limit(1);
  return row?.from ?? null;
}

/** Who moved the job last, for a 409 on a move made from a stage it has since left. */
export async function lastStageMover(db: Db, purchaseId: number): Promise<number | null> {
  const [row] = await db
    .select({ changedBy: salesStageHistory.changedBy })
    .from(salesStageHistory)
    .where(eq(salesStageHistory.purchaseId, purchaseId))
    .orderBy(desc(salesStageHistory.createdAt), desc(salesStageHistory.id))
    .limit(1);
  return row?.changedBy ?? null;
}

/** The purchase's lead as its buyer sees it: their working copy of the details over the customer's own (docs/decisions/073). */
export async function findJobOf(db: Db, purchase: Pick<LeadPurchase, "id" | "leadId">) {
  const [row] = await db
    .select({ lead: leads, copy: jobDetails })
    .from(leads)
    .leftJoin(jobDetails, eq(jobDetails.purchaseId, purchase.id))
    .where(eq(leads.id, purchase.leadId));
  return asTheBuyerSeesIt(row!.lead, row!.copy);
}

/** Writes the buyer's whole working copy of a job's details; the lead row is never touched (docs/decisions/073). */
export async function saveJobDetails(tx: Db, purchaseId: number, values: JobDetailValues, now: Date) {
  await tx
    .insert(jobDetails)
    .values({ purchaseId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: jobDetails.purchaseId, set: { ...values, updatedAt: now } });
}

export async function archivePurchase(db: Db, purchaseId: number, now: Date) {
  const [row] = await db.update(leadPurchases).set({ isArchived: true, archivedAt: now, updatedAt: now }).where(eq(leadPurchases.id, purchaseId)).returning();
  return row!;
}

/**
 * Super admin: the purchase stays as history with released_at; the lead goes back on the
 * market with a fresh auction clock (docs/decisions/005-auction-clock.md). The caller has
 * refused a provider's own job; the `source` condition keeps one off the market regardless.
 */
export async function releasePurchase(tx: Db, purchase: LeadPurchase, reason: "unpurchased" | "converted_to_lead", now: Date) {
  const released = await tx
    .update(leadPurchases)
    .set({ releasedAt: now, releaseReason: reason, updatedAt: now })
    .where(and(eq(leadPurchases.id, purchase.id), isNull(leadPurchases.releasedAt)))
    .returning();
  if (released.length === 0) return undefined;
  const relisted = await tx
    .update(leads)
    .set({ status: "available", isArchived: false, archivedAt: null, auctionStartedAt: now, updatedAt: now })
    .where(and(eq(leads.id, purchase.leadId), ne(leads.source, "provider_manual")))
    .returning({ id: leads.id });
  if (relisted.length === 0) throw new Error(`lead ${purchase.leadId} is a provider's own job`);
  return released[0]!;
}

/**
 * Everything a pipeline owner bought and still holds, archived included, for export; with a
 * range, only what was bought on those Sydney days (inclusive), as the date filter shows it.
 */
export async function exportRowsOf(db: Db, ownerId: number, range: { from?: string; to?: string } = {}) {
  const rows = await db
    .select({ purchase: leadPurchases, lead: leads, copy: jobDetails })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .leftJoin(jobDetails, eq(jobDetails.purchaseId, leadPurchases.id))
    .where(
      and(
        eq(leadPurchases.buyerId, ownerId),
        isNull(leadPurchases.releasedAt),
        range.from ? gte(leadPurchases.purchasedAt, startOfSydneyDay(range.from)) : undefined,
        range.to ? lte(leadPurchases.purchasedAt, endOfSydneyDay(range.to)) : undefined,
      ),
    )
    .orderBy(desc(leadPurchases.purchasedAt), desc(leadPurchases.id));
  return rows.map(({ purchase, lead, copy }) => ({ purchase, lead: asTheBuyerSeesIt(lead, copy), request: lead }));
}

/** Who works a purchase's job (null: nobody yet). */
export async function setAssignee(tx: Db, purchaseId: number, assignedTo: number | null, now: Date) {
  const [row] = await tx.update(leadPurchases).set({ assignedTo, updatedAt: now }).where(eq(leadPurchases.id, purchaseId)).returning();
  return row;
}

export async function findLead(db: Db, leadId: number) {
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
  return lead;
}

/** Stage and follow-up date of each live, unarchived purchase of an owner's pipeline. */
export function followUpDates(db: Db, ownerId: number) {
  return db
    .select({ salesStage: leadPurchases.salesStage, followUpOn: leadPurchases.followUpOn })
    .from(leadPurchases)
    .where(and(eq(leadPurchases.buyerId, ownerId), isNull(leadPurchases.releasedAt), eq(leadPurchases.isArchived, false)));
}
