// Drizzle only: quotes, their lines and the customer's acceptance, the per-electrician numbers,
// and the purchase a document belongs to.
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  documentCounters,
  documentPayments,
  leadPurchases,
  leads,
  quoteAcceptances,
  quoteLines,
  quotes,
  type QuoteAcceptance,
  type QuoteRow,
} from "../../../shared/schema";
import { fromCents } from "../../../shared/pricing";
import { disputesOfPayments } from "../../core/disputes";
import type { Db } from "../../platform/db/client";
import { refundsOf } from "./invoices-repo";
import { paidCentsOf, type NewLine, type QuoteRecord } from "./records";

/** A live purchase and its lead, row-locked until the transaction ends; `ownerId` null: any buyer (super admin). */
export async function lockPurchase(tx: Db, purchaseId: number, ownerId: number | null) {
  const [row] = await tx
    .select({ purchase: leadPurchases, lead: leads })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(eq(leadPurchases.id, purchaseId), isNull(leadPurchases.releasedAt), ownerId === null ? undefined : eq(leadPurchases.buyerId, ownerId)))
    .for("update", { of: leadPurchases });
  return row;
}

/** The lead's live purchase (the job page's), or undefined while it is on sale. */
export async function livePurchaseIdOfLead(db: Db, leadId: number) {
  const [row] = await db
    .select({ id: leadPurchases.id })
    .from(leadPurchases)
    .where(and(eq(leadPurchases.leadId, leadId), isNull(leadPurchases.releasedAt)));
  return row?.id;
}

/**
 * The next quote or invoice number of an electrician: the counter row is incremented (created
 * at 1) and stays locked until the caller's transaction ends, so parallel documents take their
 * turns and a rolled-back one gives its number back (docs/decisions/052).
 */
export async function takeNumber(tx: Db, providerId: number, kind: "invoice" | "quote"): Promise<number> {
  const column = kind === "invoice" ? documentCounters.lastInvoiceNumber : documentCounters.lastQuoteNumber;
  const [row] = await tx
    .insert(documentCounters)
    .values({ providerId, ...(kind === "invoice" ? { lastInvoiceNumber: 1 } : { lastQuoteNumber: 1 }) })
    .onConflictDoUpdate({ target: documentCounters.providerId, set: { [kind === "invoice" ? "lastInvoiceNumber" : "lastQuoteNumber"]: sql`${column} + 1` } })
    .returning({ last: column });
  return row!.last;
}

export type NewQuote = typeof quotes.$inferInsert;

export async function insertQuote(tx: Db, quote: NewQuote, lines: NewLine[]): Promise<QuoteRow> {
  const [row] = await tx.insert(quotes).values(quote).returning();
  await tx.insert(quoteLines).values(lines.map((line) => ({ ...line, quoteId: row!.id })));
  return row!;
}

/** The job's open quote, replaced by a new one. */
export async function supersedeOpenQuote(tx: Db, purchaseId: number, now: Date) {
  await tx
    .update(quotes)
    .set({ status: "superseded", supersededAt: now })
    .where(and(eq(quotes.purchaseId, purchaseId), eq(quotes.status, "sent")));
}

export async function lockQuote(tx: Db, quoteId: number) {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
  return row;
}

export async function markAccepted(tx: Db, quoteId: number, acceptance: QuoteAcceptance) {
  await tx.insert(quoteAcceptances).values(acceptance);
  await tx.update(quotes).set({ status: "accepted" }).where(eq(quotes.id, quoteId));
}

export async function markDeclined(tx: Db, quoteId: number, decline: Pick<QuoteRow, "declineReason" | "declineNote" | "declinedAt">) {
  await tx
    .update(quotes)
    .set({ status: "declined", ...decline })
    .where(eq(quotes.id, quoteId));
}

/** Quotes with their lines, acceptance and deposit payments: of some jobs, or some quotes; newest first. */
export async function quoteRecords(db: Db, where: { purchaseIds?: number[]; quoteIds?: number[] }): Promise<QuoteRecord[]> {
  const filter = where.quoteIds ? inArray(quotes.id, where.quoteIds) : inArray(quotes.purchaseId, where.purchaseIds ?? []);
  const rows = await db.select().from(quotes).where(filter).orderBy(desc(quotes.createdAt), desc(quotes.id));
  if (rows.length === 0) return [];
  const ids = rows.map((q) => q.id);
  // One after another: inside a transaction the queries share one connection.
  const lines = await db.select().from(quoteLines).where(inArray(quoteLines.quoteId, ids)).orderBy(asc(quoteLines.quoteId), asc(quoteLines.position));
  const acceptances = await db.select().from(quoteAcceptances).where(inArray(quoteAcceptances.quoteId, ids));
  const payments = await db
    .select()
    .from(documentPayments)
    .where(inArray(documentPayments.quoteId, ids))
    .orderBy(asc(documentPayments.recordedAt), asc(documentPayments.id));
  const refunds = await refundsOf(
    db,
    payments.map((p) => p.id),
  );
  const disputes = await disputesOfPayments(db, payments);
  return rows.map((quote) => {
    const own = payments.filter((p) => p.quoteId === quote.id);
    return {
      quote,
      lines: lines.filter((l) => l.quoteId === quote.id),
      acceptance: acceptances.find((a) => a.quoteId === quote.id) ?? null,
      depositPaid: fromCents(paidCentsOf(own)),
      payments: own,
      refunds: refunds.filter((r) => own.some((p) => p.id === r.paymentId)),
      disputes,
    };
  });
}

/** A live purchase, unlocked (a read); `ownerId` null: any buyer. */
export async function findPurchase(db: Db, purchaseId: number, ownerId: number | null) {
  const [row] = await db
    .select()
    .from(leadPurchases)
    .where(and(eq(leadPurchases.id, purchaseId), isNull(leadPurchases.releasedAt), ownerId === null ? undefined : eq(leadPurchases.buyerId, ownerId)));
  return row;
}
