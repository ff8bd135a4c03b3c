// Drizzle only: the electricians' Stripe accounts, the PaymentIntents made for their documents,
// and refunds of online payments (docs/decisions/056-money-online-stripe-connect.md).
import { and, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  documentPayments,
  leadPurchases,
  leads,
  onlinePaymentIntents,
  paymentDisputes,
  paymentRefunds,
  stripeAccounts,
  type DocumentPayment,
  type StripeAccountRow,
} from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function stripeAccountOf(db: Db, ownerId: number): Promise<StripeAccountRow | undefined> {
  const [row] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.providerId, ownerId));
  return row;
}

export interface AccountState {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** The owner's first account; an owner who has one keeps it (a second made by a race is never stored). */
export async function insertStripeAccount(db: Db, ownerId: number, state: AccountState, now: Date) {
  await db
    .insert(stripeAccounts)
    .values({ providerId: ownerId, ...state, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: stripeAccounts.providerId });
}

/** An account's state as Stripe last described it; an account no electrician holds changes nothing. */
export async function updateStripeAccount(db: Db, state: AccountState, now: Date) {
  const { accountId, ...flags } = state;
  await db
    .update(stripeAccounts)
    .set({ ...flags, updatedAt: now })
    .where(eq(stripeAccounts.accountId, accountId));
}

/** A deposit (the quote) or an invoice's balance: what a PaymentIntent is made for. */
export type PayRef = { quoteId: number; invoiceId?: undefined } | { invoiceId: number; quoteId?: undefined };

const ofRef = (ref: PayRef) =>
  ref.invoiceId !== undefined ? eq(onlinePaymentIntents.invoiceId, ref.invoiceId) : eq(onlinePaymentIntents.quoteId, ref.quoteId);

/** The document's intents, newest first. */
export async function intentsOf(db: Db, ref: PayRef) {
  return db.select().from(onlinePaymentIntents).where(ofRef(ref)).orderBy(desc(onlinePaymentIntents.createdAt));
}

export async function insertIntent(db: Db, intent: typeof onlinePaymentIntents.$inferInsert) {
  await db.insert(onlinePaymentIntents).values(intent).onConflictDoNothing({ target: onlinePaymentIntents.id });
}

/**
 * Stripe said the intent's payment did not go through: noted on the intent of ours made on that
 * account, the latest word kept (a customer may try the same intent again and fail again).
 */
export async function markIntentFailed(tx: Db, failure: { intentId: string; account: string; at: Date; message: string }) {
  await tx
    .update(onlinePaymentIntents)
    .set({ failedAt: failure.at, failureMessage: failure.message })
    .where(
      and(
        eq(onlinePaymentIntents.id, failure.intentId),
        eq(onlinePaymentIntents.stripeAccount, failure.account),
        or(isNull(onlinePaymentIntents.failedAt), lte(onlinePaymentIntents.failedAt, failure.at)),
      ),
    );
}

/**
 * Each document's failed payment, keyed "invoice:<id>" or "quote:<id>": its newest intent, when
 * Stripe said that one did not go through and no payment came of it. A newer intent (the customer
 * trying again) or a payment ends it.
 */
export async function failedPaymentsOf(db: Db, purchaseIds: number[]): Promise<Map<string, { at: Date; message: string }>> {
  if (purchaseIds.length === 0) return new Map();
  const rows = await db
    .select({ intent: onlinePaymentIntents, paymentId: documentPayments.id })
    .from(onlinePaymentIntents)
    .leftJoin(documentPayments, eq(documentPayments.paymentIntentId, onlinePaymentIntents.id))
    .where(inArray(onlinePaymentIntents.purchaseId, purchaseIds))
    .orderBy(desc(onlinePaymentIntents.createdAt));
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = row.intent.invoiceId !== null ? `invoice:${row.intent.invoiceId}` : `quote:${row.intent.quoteId}`;
    if (!newest.has(key)) newest.set(key, row);
  }
  const failed = new Map<string, { at: Date; message: string }>();
  for (const [key, { intent, paymentId }] of newest) {
    if (intent.failedAt && paymentId === null) failed.set(key, { at: intent.failedAt, message: intent.failureMessage ?? "" });
  }
  return failed;
}

export async function intentById(db: Db, id: string) {
  const [row] = await db.select().from(onlinePaymentIntents).where(eq(onlinePaymentIntents.id, id));
  return row;
}

/** The intents of a document that were paid (a payment holds their id). */
export async function paidIntentIds(db: Db, ref: PayRef): Promise<Set<string>> {
  const rows = await db
    .select({ id: documentPayments.paymentIntentId })
    .from(documentPayments)
    .where(ref.invoiceId !== undefined ? eq(documentPayments.invoiceId, ref.invoiceId) : eq(documentPayments.quoteId, ref.quoteId));
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}

export async function lockPayment(tx: Db, paymentId: number) {
  const [row] = await tx.select().from(documentPayments).where(eq(documentPayments.id, paymentId)).for("update");
  return row;
}

/** The payment an online PaymentIntent made, row-locked. */
export async function lockPaymentOfIntent(tx: Db, intentId: string) {
  const [row] = await tx.select().from(documentPayments).where(eq(documentPayments.paymentIntentId, intentId)).for("update");
  return row;
}

export async function paymentById(db: Db, paymentId: number) {
  const [row] = await db.select().from(documentPayments).where(eq(documentPayments.id, paymentId));
  return row;
}

export async function refundCount(tx: Db, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId));
  return Number(row!.n);
}

/**
 * What of a payment went back by Stripe's refunds, in cents: its refunds but the chargebacks of lost
 * disputes (a row carrying the dispute's id, docs/decisions/094-dispute-evidence.md), which Stripe's
 * `amount_refunded` does not count.
 */
export async function refundedByStripeCents(tx: Db, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${paymentRefunds.amount}) * 100, 0)` })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentId, paymentId),
        sql`not exists (select 1 from ${paymentDisputes} where ${paymentDisputes.stripeDisputeId} = ${paymentRefunds.stripeRefundId})`,
      ),
    );
  return Math.round(Number(row!.cents));
}

/** A refund, and the payment's running total of refunds beside it. */
export async function insertRefund(tx: Db, refund: Omit<typeof paymentRefunds.$inferInsert, "id">) {
  await tx.insert(paymentRefunds).values(refund);
  await tx
    .update(documentPayments)
    .set({ refunded: sql`${documentPayments.refunded} + ${refund.amount}::numeric` })
    .where(eq(documentPayments.id, refund.paymentId));
}

/** The job a payment belongs to, live or released (money that arrived is recorded either way), locked. */
export async function jobOfPayment(tx: Db, purchaseId: number) {
  const [row] = await tx
    .select({ purchase: leadPurchases, lead: leads })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(eq(leadPurchases.id, purchaseId))
    .for("update", { of: leadPurchases });
  return row;
}

/** The job an online payment on this connected account was for: who bought it, its lead and reference, and the lead's state for times. */
export async function jobOfOnlinePayment(db: Db, intentId: string, account: string) {
  const [row] = await db
    .select({ buyerId: leadPurchases.buyerId, leadId: leads.id, jobReference: leads.jobReference, state: leads.state, jobStartsAt: leadPurchases.jobStartsAt })
    .from(documentPayments)
    .innerJoin(leadPurchases, eq(leadPurchases.id, documentPayments.purchaseId))
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(eq(documentPayments.paymentIntentId, intentId), eq(documentPayments.stripeAccount, account)));
  return row;
}

/** The online payment Stripe's PaymentIntent made on this connected account. */
export async function paymentOfIntentOnAccount(db: Db, intentId: string, account: string): Promise<DocumentPayment | undefined> {
  const [row] = await db
    .select()
    .from(documentPayments)
    .where(and(eq(documentPayments.paymentIntentId, intentId), eq(documentPayments.stripeAccount, account)));
  return row;
}

/** Whether the payment already has the refund Stripe knows by this id (a refund's "re_...", a lost dispute's "dp_..."). */
export async function hasRefundOf(db: Db, paymentId: number, stripeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.stripeRefundId, stripeId)));
  return row !== undefined;
}
