// Drizzle only: the jobs behind the electrician's return and the payments received on them
// (docs/decisions/067-insights.md). The market purchases that stand, bought in the period.
import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { contactAttempts, documentPayments, invoices, leadPurchases, leads, purchaseRefunds, quotes, salesStageHistory, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export interface JobScope {
  /** Pipeline owners (buyers) whose jobs count. */
  ownerIds: number[];
  /** A team member's view: only the jobs assigned to them. */
  assignedTo?: number;
  start: Date;
  end: Date;
}

/** The stages that mean the customer was reached, as the job page and profiles count first contact. */
const CONTACTED_STAGES = ["called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid", "picked_up", "delivered"] as const;

/**
 * Bought in the period, still the buyer's (not released), from the market (not a provider's own
 * job), and paid for (a refunded purchase was paid, then given back: its cost counts as 0 less).
 */
function jobsIn(scope: JobScope): SQL {
  return and(
    inArray(leadPurchases.buyerId, scope.ownerIds),
    isNull(leadPurchases.releasedAt),
    ne(leads.source, "provider_manual"),
    inArray(leadPurchases.paymentStatus, ["completed", "refunded"]),
    gte(leadPurchases.purchasedAt, scope.start),
    lte(leadPurchases.purchasedAt, scope.end),
    scope.assignedTo === undefined ? undefined : eq(leadPurchases.assignedTo, scope.assignedTo),
  )!;
}

export async function jobRowsOf(db: Db, scope: JobScope) {
  if (scope.ownerIds.length === 0) return [];
  const firstAttempt = sql`(select min(${contactAttempts.createdAt}) from ${contactAttempts} where ${contactAttempts.purchaseId} = ${leadPurchases.id})`;
  const firstMove = sql`(select min(${salesStageHistory.createdAt}) from ${salesStageHistory}
    where ${salesStageHistory.purchaseId} = ${leadPurchases.id} and ${inArray(salesStageHistory.toStage, [...CONTACTED_STAGES])})`;
  return db
    .select({
      purchaseId: leadPurchases.id,
      buyerId: leadPurchases.buyerId,
      purchasedAt: leadPurchases.purchasedAt,
      amountPaid: leadPurchases.amountPaid,
      paymentStatus: leadPurchases.paymentStatus,
      refundAmount: purchaseRefunds.amount,
      salesStage: leadPurchases.salesStage,
      calledAt: leadPurchases.calledAt,
      quoteSentAt: leadPurchases.quoteSentAt,
      quoteAcceptedAt: leadPurchases.quoteAcceptedAt,
      bookedInAt: leadPurchases.bookedInAt,
      pickedUpAt: leadPurchases.pickedUpAt,
      deliveredAt: leadPurchases.deliveredAt,
      invoicePaidAt: leadPurchases.invoicePaidAt,
      declineReason: leadPurchases.declineReason,
      // The stamp of entering Called counts too: it is the first move there, kept on the row (shared/pipeline.ts STAGE_TIMESTAMP).
      firstContactAt: sql<Date | null>`least(${firstAttempt}, ${firstMove}, ${leadPurchases.calledAt})`.mapWith(leadPurchases.purchasedAt),
      hasQuote: sql<boolean>`exists (select 1 from ${quotes} where ${quotes.purchaseId} = ${leadPurchases.id})`.mapWith(Boolean),
      // A job with a quote or a live invoice keeps its money in them; one without has only the
      // amount typed on its card (shared/job-paid.ts).
      hasLiveInvoice:
        sql<boolean>`exists (select 1 from ${invoices} where ${invoices.purchaseId} = ${leadPurchases.id} and ${invoices.status} <> 'void')`.mapWith(Boolean),
      customerPaymentAmount: leadPurchases.customerPaymentAmount,
      quoteAccepted: sql<boolean>`exists (select 1 from ${quotes} where ${quotes.purchaseId} = ${leadPurchases.id} and ${quotes.status} = 'accepted')`.mapWith(
        Boolean,
      ),
      jobReference: leads.jobReference,
      serviceType: leads.serviceType,
      suburb: leads.suburb,
    })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .leftJoin(purchaseRefunds, eq(purchaseRefunds.purchaseId, leadPurchases.id))
    .where(jobsIn(scope))
    .orderBy(leadPurchases.purchasedAt, leadPurchases.id);
}
export type JobRow = Awaited<ReturnType<typeof jobRowsOf>>[number];

/** Every payment received on those jobs, with the totals of the document it paid (an invoice, or a quote's deposit). */
export async function paymentRowsOf(db: Db, scope: JobScope) {
  if (scope.ownerIds.length === 0) return [];
  return db
    .select({
      purchaseId: documentPayments.purchaseId,
      amount: documentPayments.amount,
      refunded: documentPayments.refunded,
      documentSubtotal: sql<string | null>`coalesce(${invoices.subtotal}, ${quotes.subtotal})`,
      documentTotal: sql<string | null>`coalesce(${invoices.total}, ${quotes.total})`,
    })
    .from(documentPayments)
    .innerJoin(leadPurchases, eq(leadPurchases.id, documentPayments.purchaseId))
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .leftJoin(invoices, eq(invoices.id, documentPayments.invoiceId))
    .leftJoin(quotes, eq(quotes.id, documentPayments.quoteId))
    .where(jobsIn(scope));
}
export type PaymentRow = Awaited<ReturnType<typeof paymentRowsOf>>[number];

/** The service location the owner's region is read from. */
export async function serviceLocationOf(db: Db, userId: number) {
  const [row] = await db.select({ serviceLocation: users.serviceLocation }).from(users).where(eq(users.id, userId));
  return row?.serviceLocation ?? null;
}

/**
 * The other electricians who could be peers: active providers who own a pipeline (not team
 * members, not the super admin), have a service location, and bought a market lead in the period.
 */
export async function peerCandidates(db: Db, period: { start: Date; end: Date }, exceptOwnerId: number) {
  return db
    .selectDistinct({ id: users.id, serviceLocation: users.serviceLocation })
    .from(users)
    .innerJoin(leadPurchases, eq(leadPurchases.buyerId, users.id))
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(
      and(
        eq(users.userType, "provider"),
        isNull(users.teamOwnerId),
        eq(users.isActive, true),
        isNotNull(users.serviceLocation),
        ne(users.id, exceptOwnerId),
        isNull(leadPurchases.releasedAt),
        ne(leads.source, "provider_manual"),
        inArray(leadPurchases.paymentStatus, ["completed", "refunded"]),
        gte(leadPurchases.purchasedAt, period.start),
        lte(leadPurchases.purchasedAt, period.end),
      ),
    );
}
