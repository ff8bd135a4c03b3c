// Drizzle only: what the evidence for a disputed lead purchase is made of (docs/decisions/094-
// dispute-evidence.md): the purchase and its lead, the buyer's contact log, what the customer did
// on the job page, the buyer's bad-lead reports and our refund; and the disputes due for it.
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { EVIDENCE_OPEN_STATUSES } from "../../../shared/dispute-evidence";
import {
  badLeadReports,
  contactAttempts,
  documentPayments,
  leadPurchases,
  leads,
  operatorReviews,
  paymentDisputes,
  purchaseRefunds,
  quoteAcceptances,
  quotes,
  reviews,
  users,
  type DisputeStatus,
  type EvidenceSubmitter,
  type PaymentDispute,
} from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function findDispute(db: Db, id: number): Promise<PaymentDispute | undefined> {
  const [row] = await db.select().from(paymentDisputes).where(eq(paymentDisputes.id, id));
  return row;
}

/** The dispute, row-locked: the operator's send and the automatic one take turns, and the second finds it sent. */
export async function lockDispute(tx: Db, id: number): Promise<PaymentDispute | undefined> {
  const [row] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.id, id)).for("update");
  return row;
}

/** As lockDispute, but another instance's locked row is skipped rather than waited for (the sweep). */
export async function lockDisputeIfFree(tx: Db, id: number): Promise<PaymentDispute | undefined> {
  const [row] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.id, id)).for("update", { skipLocked: true });
  return row;
}

/** Disputes waiting for evidence nobody has sent, whose automatic moment has come and whose deadline has not passed. */
export async function disputesDueForEvidence(db: Db, now: Date, sendFrom: Date, limit: number, skip: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: paymentDisputes.id })
    .from(paymentDisputes)
    .where(
      and(
        inArray(paymentDisputes.status, [...EVIDENCE_OPEN_STATUSES]),
        isNull(paymentDisputes.evidenceSubmittedAt),
        // Ours (a lead purchase) or an electrician's (a customer's payment on their account).
        sql`(${paymentDisputes.purchaseId} is not null or ${paymentDisputes.stripeAccount} is not null)`,
        lte(paymentDisputes.evidenceDueBy, sendFrom),
        gt(paymentDisputes.evidenceDueBy, now),
        skip.length > 0 ? sql`${paymentDisputes.id} not in (${sql.join(skip, sql`, `)})` : undefined,
      ),
    )
    .orderBy(asc(paymentDisputes.evidenceDueBy))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function markSubmitted(tx: Db, id: number, change: Pick<PaymentDispute, "evidenceSubmittedAt" | "evidenceSubmittedBy" | "evidenceNote">) {
  await tx
    .update(paymentDisputes)
    .set({ ...change, evidenceFailedAt: null, evidenceError: null, updatedAt: sql`now()` })
    .where(eq(paymentDisputes.id, id));
}

/**
 * A try that failed, refused or with no answer: the count moves on, so the next try goes under a
 * new key; its sender and its note are kept, so the next try, whoever makes it, sends the same note.
 */
export async function markFailed(tx: Db, id: number, failed: { at: Date; error: string; by: EvidenceSubmitter; note: string | null }) {
  await tx
    .update(paymentDisputes)
    .set({
      evidenceFailedAt: failed.at,
      evidenceError: failed.error,
      evidenceFailures: sql`${paymentDisputes.evidenceFailures} + 1`,
      evidenceTriedBy: failed.by,
      evidenceNote: failed.note,
      updatedAt: sql`now()`,
    })
    .where(eq(paymentDisputes.id, id));
}

/** Stripe's dispute could not be read back after a failed try: its words, for the operator; that try stays the last. */
export async function markNotReadBack(tx: Db, id: number, error: string) {
  await tx
    .update(paymentDisputes)
    .set({ evidenceError: error, updatedAt: sql`now()` })
    .where(eq(paymentDisputes.id, id));
}

/**
 * Stripe's dispute, read back, takes no more evidence and none of ours went in: its status as
 * Stripe showed it then, so neither sender tries again. An event Stripe made before that moment
 * then changes nothing (docs/decisions/093-disputes.md), one made after it still applies.
 */
export async function markClosedAtStripe(tx: Db, id: number, closed: { status: DisputeStatus; at: Date; error: string }) {
  await tx
    .update(paymentDisputes)
    .set({ status: closed.status, changedAt: closed.at, evidenceError: closed.error, updatedAt: sql`now()` })
    .where(eq(paymentDisputes.id, id));
}

/** The purchase with its lead and its refund, if we made one. */
export async function purchaseWithLead(db: Db, purchaseId: number) {
  const [row] = await db
    .select({ purchase: leadPurchases, lead: leads, refund: purchaseRefunds })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .leftJoin(purchaseRefunds, eq(purchaseRefunds.purchaseId, leadPurchases.id))
    .where(eq(leadPurchases.id, purchaseId));
  return row;
}

/** The buyer's side's calls and messages to the customer, oldest first, with who made them. */
export function contactLog(db: Db, purchaseId: number) {
  return db
    .select({ at: contactAttempts.createdAt, channel: contactAttempts.channel, outcome: contactAttempts.outcome, by: users.firstName })
    .from(contactAttempts)
    .leftJoin(users, eq(users.id, contactAttempts.userId))
    .where(eq(contactAttempts.purchaseId, purchaseId))
    .orderBy(asc(contactAttempts.createdAt));
}

/** What the customer did on their job page after the sale, each with its time (the quotes' fates, payments, a review, a report). */
export async function customerActions(db: Db, purchaseId: number) {
  // One after another: inside a transaction they share one connection.
  const quoteRows = await db
    .select({ number: quotes.number, sentAt: quotes.createdAt, declinedAt: quotes.declinedAt, acceptedAt: quoteAcceptances.acceptedAt })
    .from(quotes)
    .leftJoin(quoteAcceptances, eq(quoteAcceptances.quoteId, quotes.id))
    .where(eq(quotes.purchaseId, purchaseId))
    .orderBy(asc(quotes.createdAt));
  const paid = await db
    .select({ at: documentPayments.recordedAt, amount: documentPayments.amount })
    .from(documentPayments)
    .where(and(eq(documentPayments.purchaseId, purchaseId), eq(documentPayments.source, "stripe")))
    .orderBy(asc(documentPayments.recordedAt));
  const reviewed = await db.select({ at: reviews.createdAt, rating: reviews.rating }).from(reviews).where(eq(reviews.purchaseId, purchaseId));
  const reported = await db
    .select({ at: operatorReviews.createdAt })
    .from(operatorReviews)
    .where(and(eq(operatorReviews.purchaseId, purchaseId), eq(operatorReviews.kind, "not_contacted")));
  return { quotes: quoteRows, paid, reviewed, reported };
}

/** The buyer's own reports that the lead was bad, and what became of them. */
export function badLeadReportsOf(db: Db, purchaseId: number) {
  return db
    .select({ at: badLeadReports.createdAt, reason: badLeadReports.reason, status: badLeadReports.status, decidedAt: badLeadReports.decidedAt })
    .from(badLeadReports)
    .where(eq(badLeadReports.purchaseId, purchaseId))
    .orderBy(asc(badLeadReports.createdAt));
}
