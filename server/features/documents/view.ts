// The stored documents as the wire shows them (shared/quotes.ts, shared/invoices.ts). Figures
// are read as stored: they were computed once, at issue, by shared/document-totals.ts.
import { gstIsOneEleventhOfTotal } from "../../../shared/gst";
import type { DocumentItem, DocumentSeller } from "../../../shared/document-lines";
import type { DocumentSummary, Invoice, InvoiceStatus, Payment } from "../../../shared/invoices";
import { fromCents, toCents } from "../../../shared/pricing";
import type { JobQuote, Quote, QuoteStatus } from "../../../shared/quotes";
import type { DocumentPayment, InvoiceLineRow, InvoiceRow, PaymentRefundRow, QuoteLineRow, QuoteRow } from "../../../shared/schema";
import { sydneyDayKey } from "../../../shared/sydney-time";
import { netCents, paidCentsOf, type InvoiceRecord, type PaymentDisputes, type QuoteRecord } from "./records";

/** numeric(10,2) as PostgreSQL or PGlite sends it ("12.5", "12.50") -> "12.50". */
export const money = (value: string | null | undefined) => fromCents(toCents(value ?? "0"));
const quantityText = (value: string) => String(Number(value));

/** "INV-000042", "Q-000007": six digits at least, more once past 999,999. */
export const documentNumber = (prefix: string, seq: number) => `${prefix}-${String(seq).padStart(6, "0")}`;
export const QUOTE_PREFIX = "Q";

export const itemsOf = (lines: ReadonlyArray<QuoteLineRow | InvoiceLineRow>): DocumentItem[] =>
  lines.map((l) => ({
    description: l.description,
    quantity: quantityText(l.quantity),
    unitPrice: money(l.unitPrice),
    gstFree: l.gstFree,
    amount: money(l.amount),
  }));

const sellerOfRow = (row: QuoteRow | InvoiceRow): DocumentSeller => ({
  businessName: row.sellerName,
  abn: row.sellerAbn,
  address: row.sellerAddress,
  gstRegistered: row.sellerGstRegistered,
});

/** Nothing to pay online, no transfer to show. */
export const NO_PAYMENT: Pick<JobQuote, "actions" | "eft" | "paymentFailed"> = { actions: [], eft: null, paymentFailed: null };

const oneEleventh = (row: { gst: string; total: string }) => gstIsOneEleventhOfTotal({ gstCents: toCents(row.gst), totalCents: toCents(row.total) });

/**
 * A quote's status now: `sent` reads as `expired` once its last day (Sydney) is over. Computed
 * at every read, never swept (docs/decisions/051): nothing else changes when a quote lapses.
 */
export const quoteStatusAt = (row: Pick<QuoteRow, "status" | "validUntil">, now: Date): QuoteStatus =>
  row.status === "sent" && row.validUntil < sydneyDayKey(now) ? "expired" : row.status;

/** A payment with its refunds (docs/decisions/056): an online one with money left to give back is refundable. */
export function toPayment(p: DocumentPayment, refunds: PaymentRefundRow[], disputes: PaymentDisputes = new Map()): Payment {
  const found = p.paymentIntentId ? disputes.get(p.paymentIntentId) : undefined;
  const { blocksRefund = false, ...dispute } = found ?? {};
  return {
    id: p.id,
    amount: money(p.amount),
    method: p.method,
    recordedAt: p.recordedAt.toISOString(),
    source: p.source,
    refundedAmount: money(p.refunded),
    refunds: refunds
      .filter((r) => r.paymentId === p.id)
      .map((r) => ({ id: r.id, amount: money(r.amount), reason: r.reason, refundedAt: r.refundedAt.toISOString() })),
    overpaid: money(p.overpaid),
    // A payment the customer's bank disputes is not refunded by the electrician (docs/decisions/093-disputes.md).
    refundable: p.source !== "recorded" && netCents(p) > 0 && !blocksRefund,
    dispute: found ? (dispute as Payment["dispute"]) : null,
  };
}

export function toQuote(record: QuoteRecord, now: Date): Quote {
  const { quote: q, lines, acceptance } = record;
  return {
    id: q.id,
    number: q.number,
    status: quoteStatusAt(q, now),
    items: itemsOf(lines),
    subtotal: money(q.subtotal),
    gst: money(q.gst),
    total: money(q.total),
    gstIsOneEleventh: oneEleventh(q),
    deposit: money(q.deposit),
    depositPercent: q.depositPercent === null ? null : Number(q.depositPercent),
    depositAmount: q.depositAmount === null ? null : money(q.depositAmount),
    validUntil: q.validUntil,
    notes: q.notes,
    seller: sellerOfRow(q),
    createdAt: q.createdAt.toISOString(),
    sentToCustomer: q.sentToCustomer,
    acceptance: acceptance && { signatureName: acceptance.signatureName, acceptedAt: acceptance.acceptedAt.toISOString(), termsHash: acceptance.termsHash },
    decline: q.declinedAt && q.declineReason ? { reason: q.declineReason, note: q.declineNote, declinedAt: q.declinedAt.toISOString() } : null,
    depositPaid: money(record.depositPaid),
    payments: record.payments.map((p) => toPayment(p, record.refunds, record.disputes)),
  };
}

/** Payments as the job page shows them: a refund's reason is the electrician's text, redacted like the rest (docs/decisions/044). */
export const toJobPayments = (payments: Payment[], scrub: (text: string) => string): Payment[] =>
  payments.map((p) => ({ ...p, refunds: p.refunds.map((r) => ({ ...r, reason: scrub(r.reason) })), dispute: null }));

/** The customer's view: the text through the job page's redaction, the acceptance without its hash; how to pay it (docs/decisions/056). */
export function toJobQuote(quote: Quote, scrub: (text: string) => string, payment: Pick<JobQuote, "actions" | "eft" | "paymentFailed"> = NO_PAYMENT): JobQuote {
  const { acceptance, ...rest } = quote;
  return {
    ...rest,
    ...payment,
    items: quote.items.map((item) => ({ ...item, description: scrub(item.description) })),
    notes: quote.notes && scrub(quote.notes),
    payments: toJobPayments(quote.payments, scrub),
    acceptance: acceptance && { signatureName: acceptance.signatureName, acceptedAt: acceptance.acceptedAt },
  };
}

/** What is still owing on an invoice, in cents: never below 0; nothing on a void one. */
export function balanceCents(record: Pick<InvoiceRecord, "invoice" | "depositPaid"> & { paidCents: number }): number {
  if (record.invoice.status === "void") return 0;
  return Math.max(0, toCents(record.invoice.total) - toCents(record.depositPaid) - record.paidCents);
}

/** The status an invoice not void has after its payments: paid when nothing is owing, part paid once money came in. */
export function settledStatus(record: Pick<InvoiceRecord, "invoice" | "depositPaid"> & { paidCents: number }): InvoiceStatus {
  if (record.invoice.status === "void") return "void";
  if (balanceCents(record) === 0) return "paid";
  return record.paidCents + toCents(record.depositPaid) > 0 ? "part_paid" : "issued";
}

export function toInvoice(record: InvoiceRecord, pdfUrl: string): Invoice {
  const { invoice: i, lines, payments } = record;
  const paidCents = paidCentsOf(payments);
  return {
    id: i.id,
    number: i.number,
    title: i.title,
    status: i.status,
    issuedAt: i.issuedAt.toISOString(),
    dueAt: i.dueOn,
    items: itemsOf(lines),
    subtotal: money(i.subtotal),
    gst: money(i.gst),
    total: money(i.total),
    gstIsOneEleventh: oneEleventh(i),
    depositPaid: money(record.depositPaid),
    paid: fromCents(paidCents),
    balanceDue: fromCents(balanceCents({ ...record, paidCents })),
    quoteId: i.quoteId,
    seller: sellerOfRow(i),
    buyer: { name: i.buyerName, abn: i.buyerAbn },
    bank: i.bankBsb && i.bankAccount ? { bsb: i.bankBsb, account: i.bankAccount } : null,
    notes: i.notes,
    payments: payments.map((p) => toPayment(p, record.refunds, record.disputes)),
    voidedAt: i.voidedAt?.toISOString() ?? null,
    voidReason: i.voidReason,
    pdfUrl,
  };
}

export const invoicePdfPath = (invoiceId: number) => `/api/invoices/${invoiceId}/pdf`;
export const jobInvoicePdfPath = (token: string, invoiceId: number) => `/api/jobs/${token}/invoices/${invoiceId}/pdf`;

/**
 * The card's summary of a job's documents: its latest quote, its latest invoice not void, and
 * the figures Purchase History and the CSV show (quoted: the accepted quote's total, else the
 * latest's; invoiced: the invoices not void; paid: deposits and invoice payments).
 */
export function summaryOf(quotesNewestFirst: Quote[], invoicesNewestFirst: Invoice[], paymentFailed: DocumentSummary["paymentFailed"] = null): DocumentSummary {
  const latestQuote = quotesNewestFirst.find((q) => q.status !== "superseded") ?? quotesNewestFirst[0] ?? null;
  const live = invoicesNewestFirst.filter((i) => i.status !== "void");
  const quotedFrom = quotesNewestFirst.find((q) => q.status === "accepted") ?? latestQuote;
  const sum = (values: string[]) => fromCents(values.reduce((total, v) => total + toCents(v), 0));
  const deposits = quotesNewestFirst.map((q) => q.depositPaid);
  const paid = [...deposits, ...live.map((i) => i.paid)];
  const anyPaid = paid.some((v) => toCents(v) > 0);
  return {
    quote: latestQuote && {
      id: latestQuote.id,
      number: latestQuote.number,
      status: latestQuote.status,
      total: latestQuote.total,
      validUntil: latestQuote.validUntil,
    },
    invoice: live[0]
      ? { id: live[0].id, number: live[0].number, status: live[0].status, total: live[0].total, balanceDue: live[0].balanceDue, dueAt: live[0].dueAt }
      : null,
    quoted: quotedFrom?.total ?? null,
    invoiced: live.length ? sum(live.map((i) => i.total)) : null,
    paid: anyPaid ? sum(paid) : null,
    paymentFailed,
  };
}
