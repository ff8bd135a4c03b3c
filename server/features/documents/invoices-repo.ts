// Drizzle only: invoices, their lines and the payments recorded against invoices and quotes.
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { InvoiceStatus } from "../../../shared/invoices";
import { documentPayments, invoiceLines, invoices, paymentRefunds, quoteLines, type InvoiceRow, type PaymentRefundRow } from "../../../shared/schema";
import { disputesOfPayments } from "../../core/disputes";
import type { Db } from "../../platform/db/client";
import type { InvoiceRecord, NewLine } from "./records";

export async function insertInvoice(tx: Db, invoice: typeof invoices.$inferInsert, lines: NewLine[]): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(invoice).returning();
  await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId: row!.id })));
  return row!;
}

export async function linesOfQuote(db: Db, quoteId: number) {
  return db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(asc(quoteLines.position));
}

/** The invoice not void issued from this quote, if any. */
export async function liveInvoiceOfQuote(db: Db, quoteId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.quoteId, quoteId), ne(invoices.status, "void")))
    .for("update");
  return row;
}

export async function lockInvoice(tx: Db, invoiceId: number) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  return row;
}

export async function setInvoiceStatus(tx: Db, invoiceId: number, status: InvoiceStatus) {
  await tx.update(invoices).set({ status }).where(eq(invoices.id, invoiceId));
}

export async function voidInvoice(tx: Db, invoiceId: number, values: { voidReason: string; voidedAt: Date; voidedBy: number }) {
  await tx
    .update(invoices)
    .set({ status: "void", ...values })
    .where(eq(invoices.id, invoiceId));
}

export type NewPayment = Omit<typeof documentPayments.$inferInsert, "id">;

/** A payment; an online one whose intent was recorded before is not recorded again (undefined). */
export async function insertPayment(tx: Db, payment: NewPayment) {
  const [row] = await tx.insert(documentPayments).values(payment).onConflictDoNothing({ target: documentPayments.paymentIntentId }).returning();
  return row;
}

/** What a payment counts for once its refunds are given back: `amount - refunded`. */
export const netPaid = sql<string>`coalesce(sum(${documentPayments.amount} - ${documentPayments.refunded}), 0)::text`;

/** Dollars paid against one invoice, or as one quote's deposit, less refunds. */
export async function paidOn(db: Db, on: { invoiceId: number } | { quoteId: number }): Promise<string> {
  const where = "invoiceId" in on ? eq(documentPayments.invoiceId, on.invoiceId) : eq(documentPayments.quoteId, on.quoteId);
  const [row] = await db.select({ paid: netPaid }).from(documentPayments).where(where);
  return row!.paid;
}

/** Statuses of a job's invoices, void ones left out. */
export async function liveInvoiceStatuses(db: Db, purchaseId: number): Promise<InvoiceStatus[]> {
  const rows = await db
    .select({ status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.purchaseId, purchaseId), ne(invoices.status, "void")));
  return rows.map((r) => r.status);
}

/** The refunds of some payments, oldest first. */
export async function refundsOf(db: Db, paymentIds: number[]): Promise<PaymentRefundRow[]> {
  if (paymentIds.length === 0) return [];
  return db.select().from(paymentRefunds).where(inArray(paymentRefunds.paymentId, paymentIds)).orderBy(asc(paymentRefunds.refundedAt), asc(paymentRefunds.id));
}

/** Invoices with their lines and payments, of some jobs or some invoices; newest first. */
export async function invoiceRecords(db: Db, where: { purchaseIds?: number[]; invoiceIds?: number[] }): Promise<InvoiceRecord[]> {
  const filter = where.invoiceIds ? inArray(invoices.id, where.invoiceIds) : inArray(invoices.purchaseId, where.purchaseIds ?? []);
  const rows = await db.select().from(invoices).where(filter).orderBy(desc(invoices.issuedAt), desc(invoices.id));
  if (rows.length === 0) return [];
  const ids = rows.map((i) => i.id);
  const quoteIds = [...new Set(rows.map((i) => i.quoteId).filter((id): id is number => id !== null))];
  // One after another: inside a transaction the queries share one connection.
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, ids))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  const payments = await db
    .select()
    .from(documentPayments)
    .where(inArray(documentPayments.invoiceId, ids))
    .orderBy(asc(documentPayments.recordedAt), asc(documentPayments.id));
  const deposits =
    quoteIds.length === 0
      ? []
      : await db
          .select({ quoteId: documentPayments.quoteId, paid: netPaid })
          .from(documentPayments)
          .where(inArray(documentPayments.quoteId, quoteIds))
          .groupBy(documentPayments.quoteId);
  const refunds = await refundsOf(
    db,
    payments.map((p) => p.id),
  );
  const disputes = await disputesOfPayments(db, payments);
  return rows.map((invoice) => ({
    invoice,
    lines: lines.filter((l) => l.invoiceId === invoice.id),
    payments: payments.filter((p) => p.invoiceId === invoice.id),
    refunds,
    disputes,
    depositPaid: deposits.find((d) => d.quoteId === invoice.quoteId)?.paid ?? "0.00",
  }));
}
