// Drizzle only: the dispute rows (payment_disputes, one per Stripe dispute) and what the
// operator's list joins to them (docs/decisions/093-disputes.md).
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { OPEN_DISPUTE_STATUSES } from "../../../shared/disputes";
import { documentPayments, leadPurchases, leads, paymentDisputes, purchaseRefunds, users, type PaymentDispute } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export type DisputeRow = typeof paymentDisputes.$inferInsert;

/** The new dispute's row, or nothing when another event of it got there first. */
export async function insertDispute(tx: Db, row: DisputeRow): Promise<PaymentDispute | undefined> {
  const [inserted] = await tx.insert(paymentDisputes).values(row).onConflictDoNothing({ target: paymentDisputes.stripeDisputeId }).returning();
  return inserted;
}

/** The dispute, row-locked until the transaction ends: its events take turns. */
export async function lockDispute(tx: Db, stripeDisputeId: string): Promise<PaymentDispute | undefined> {
  const [row] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.stripeDisputeId, stripeDisputeId)).for("update");
  return row;
}

export async function updateDispute(tx: Db, id: number, change: Partial<DisputeRow>) {
  await tx
    .update(paymentDisputes)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(paymentDisputes.id, id));
}

/** The lead purchase a platform charge paid for. */
export async function purchaseIdOfIntent(tx: Db, intentId: string): Promise<number | null> {
  const [row] = await tx.select({ id: leadPurchases.id }).from(leadPurchases).where(eq(leadPurchases.paymentIntentId, intentId));
  return row?.id ?? null;
}

/** The platform's disputes of a lead purchase: by the purchase, or by the PaymentIntent that paid for it. */
export async function disputesOfPurchase(db: Db, purchase: { id: number; paymentIntentId: string | null }): Promise<PaymentDispute[]> {
  const byIntent = purchase.paymentIntentId
    ? and(eq(paymentDisputes.paymentIntentId, purchase.paymentIntentId), isNull(paymentDisputes.stripeAccount))
    : undefined;
  return db
    .select()
    .from(paymentDisputes)
    .where(byIntent ? or(eq(paymentDisputes.purchaseId, purchase.id), byIntent) : eq(paymentDisputes.purchaseId, purchase.id));
}

/** The disputes of these lead purchases, latest change first. */
export async function disputesOfPurchases(db: Db, purchaseIds: number[]): Promise<PaymentDispute[]> {
  if (purchaseIds.length === 0) return [];
  return db.select().from(paymentDisputes).where(inArray(paymentDisputes.purchaseId, purchaseIds)).orderBy(desc(paymentDisputes.changedAt));
}

/** Every dispute, open ones first by their evidence deadline (soonest first), then the rest, latest change first. */
export async function disputesWithPurchases(db: Db, limit: number) {
  const open = inArray(paymentDisputes.status, [...OPEN_DISPUTE_STATUSES]);
  return db
    .select({
      dispute: paymentDisputes,
      jobReference: leads.jobReference,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
      buyerCompany: users.companyName,
      refundedAt: purchaseRefunds.createdAt,
    })
    .from(paymentDisputes)
    .leftJoin(leadPurchases, eq(leadPurchases.id, paymentDisputes.purchaseId))
    .leftJoin(leads, eq(leads.id, leadPurchases.leadId))
    .leftJoin(users, eq(users.id, leadPurchases.buyerId))
    .leftJoin(purchaseRefunds, eq(purchaseRefunds.purchaseId, paymentDisputes.purchaseId))
    .orderBy(desc(open), sql`${paymentDisputes.evidenceDueBy} asc nulls last`, desc(paymentDisputes.updatedAt), asc(paymentDisputes.id))
    .limit(limit);
}

/** The disputes of payments made on connected accounts, by their PaymentIntents, latest change first. */
export async function disputesOfAccountPayments(db: Db, intentIds: readonly string[]): Promise<PaymentDispute[]> {
  if (intentIds.length === 0) return [];
  return db
    .select()
    .from(paymentDisputes)
    .where(and(inArray(paymentDisputes.paymentIntentId, intentIds), isNotNull(paymentDisputes.stripeAccount)))
    .orderBy(desc(paymentDisputes.changedAt));
}

/** The jobs customers' disputed payments on connected accounts were for: each PaymentIntent's job reference and the electrician's business. */
export async function jobsOfAccountPayments(db: Db, intentIds: string[]) {
  if (intentIds.length === 0) return [];
  return db
    .select({
      intentId: documentPayments.paymentIntentId,
      jobReference: leads.jobReference,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.companyName,
    })
    .from(documentPayments)
    .innerJoin(leadPurchases, eq(leadPurchases.id, documentPayments.purchaseId))
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .innerJoin(users, eq(users.id, leadPurchases.buyerId))
    .where(and(inArray(documentPayments.paymentIntentId, intentIds), isNotNull(documentPayments.stripeAccount)));
}
