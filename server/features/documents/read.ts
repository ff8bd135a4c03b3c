// The job's documents as each side reads them: the card (every quote and invoice), the card's
// summary and the figures of Purchase History and the CSV, and the customer's job page.
import type { DocumentSummary, Invoice, JobDocuments, JobInvoice } from "../../../shared/invoices";
import type { JobQuote, Quote } from "../../../shared/quotes";
import type { CurrentUser } from "../../../shared/auth";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { scrubFreeText } from "../../core/listing";
import { invoiceRecords } from "./invoices-repo";
import { INVOICE_MESSAGES } from "../../../shared/invoices";
import { notFound } from "../../platform/http/errors";
import { lockedJob, ownerOf } from "./locks";
import { renderPdf, invoiceFileName, printableInvoice } from "../../core/printing";
import { findPurchase, livePurchaseIdOfLead, quoteRecords } from "./quotes-repo";
import { invoicePdfPath, jobInvoicePdfPath, NO_PAYMENT, summaryOf, toInvoice, toJobPayments, toJobQuote, toQuote } from "./view";
import { fromCents } from "../../../shared/pricing";
import { businessOf } from "./business";
import type { DocumentDeps } from "./deps";
import { depositOwingCents, invoiceOwingCents } from "./online";
import { takesOnlinePayments } from "./stripe-account";
import { failedPaymentsOf } from "./online-repo";
import { ONLINE_PAYMENT_MESSAGES, type PaymentFailed } from "../../../shared/stripe-connect";

async function documentsOf(db: Db, purchaseIds: number[], now: Date, pdfUrl: (invoiceId: number) => string) {
  const [quotes, invoices] = await Promise.all([quoteRecords(db, { purchaseIds }), invoiceRecords(db, { purchaseIds })]);
  return {
    quotes: quotes.map((r) => ({ purchaseId: r.quote.purchaseId, quote: toQuote(r, now) })),
    invoices: invoices.map((r) => ({ purchaseId: r.invoice.purchaseId, invoice: toInvoice(r, pdfUrl(r.invoice.id)) })),
  };
}

/** GET /api/lead-purchases/:id/documents: every quote and invoice of a job the user works on, newest first. */
export async function jobDocuments(db: Db, user: CurrentUser, purchaseId: number, now: Date): Promise<JobDocuments> {
  const { purchase } = await db.transaction((tx) => lockedJob(tx, user, purchaseId));
  const found = await documentsOf(db, [purchase.id], now, invoicePdfPath);
  return { quotes: found.quotes.map((q) => q.quote), invoices: found.invoices.map((i) => i.invoice) };
}

/** Each job's summary (every job listed gets one, empty when it has no document). */
export async function documentSummaries(db: Db, purchaseIds: number[], now: Date): Promise<Map<number, DocumentSummary>> {
  const found = purchaseIds.length ? await documentsOf(db, purchaseIds, now, invoicePdfPath) : { quotes: [], invoices: [] };
  const quotes = new Map<number, Quote[]>();
  const invoices = new Map<number, Invoice[]>();
  for (const q of found.quotes) quotes.set(q.purchaseId, [...(quotes.get(q.purchaseId) ?? []), q.quote]);
  for (const i of found.invoices) invoices.set(i.purchaseId, [...(invoices.get(i.purchaseId) ?? []), i.invoice]);
  const failures = await failuresByDocument(db, purchaseIds);
  // The card says a payment did not go through while the document still has money owing (docs/decisions/093-disputes.md).
  const failedOf = (id: number) => {
    const owing = [
      ...(invoices.get(id) ?? []).filter((i) => invoiceOwingCents(i) > 0).map((i) => failures.get(`invoice:${i.id}`)),
      ...(quotes.get(id) ?? [])
        .filter(
          (q) =>
            depositOwingCents(
              q,
              (invoices.get(id) ?? []).some((i) => i.quoteId === q.id && i.status !== "void"),
            ) > 0,
        )
        .map((q) => failures.get(`quote:${q.id}`)),
    ];
    return owing.find((f) => f !== undefined) ?? null;
  };
  return new Map(purchaseIds.map((id) => [id, summaryOf(quotes.get(id) ?? [], invoices.get(id) ?? [], failedOf(id))]));
}

/**
 * How the customer pays what a document has owing (docs/decisions/056): `pay` online when the
 * electrician takes online payments (always in demo mode), else the business's bank details
 * with the document's number as the reference; nothing when nothing is owing.
 */
async function howToPay(deps: PaymentReadDeps, purchaseId: number) {
  const purchase = await findPurchase(deps.db, purchaseId, null);
  if (!purchase) return () => NO_PAYMENT;
  const [{ online }, business, failures] = await Promise.all([
    takesOnlinePayments(deps, purchase.buyerId),
    businessOf(deps.db, purchase.buyerId),
    failuresByDocument(deps.db, [purchaseId]),
  ]);
  return (owingCents: number, reference: string, document: string): Pick<JobQuote, "actions" | "eft" | "paymentFailed"> => {
    if (owingCents <= 0) return NO_PAYMENT;
    // Its last online payment did not go through: said beside the way to pay again (docs/decisions/093-disputes.md).
    const paymentFailed = failures.get(document) ?? null;
    if (online) return { actions: ["pay"], eft: null, paymentFailed };
    const eft =
      business.bankBsb && business.bankAccount
        ? { bsb: business.bankBsb, account: business.bankAccount, accountName: business.businessName ?? "", reference, amount: fromCents(owingCents) }
        : null;
    return { actions: [], eft, paymentFailed };
  };
}

/** Each document's failed online payment, as the job page and the card say it. */
async function failuresByDocument(db: Db, purchaseIds: number[]): Promise<Map<string, PaymentFailed>> {
  const failed = await failedPaymentsOf(db, purchaseIds);
  return new Map([...failed].map(([key, f]) => [key, { at: f.at.toISOString(), message: f.message || ONLINE_PAYMENT_MESSAGES.paymentFailed }]));
}

type PaymentReadDeps = Pick<DocumentDeps, "db" | "connect">;

/**
 * The job page's documents: the latest quote not replaced, and every invoice with the customer's
 * PDF link. The electrician's text passes the job page's redaction (no phone or street of the
 * customer's: a link can be forwarded). `quoteOpen`: accept and decline are offered; `payOpen`:
 * the quote or an invoice can be paid online now.
 */
export async function jobPageDocuments(deps: PaymentReadDeps, lead: Lead, purchaseId: number | null, token: string, now: Date) {
  if (purchaseId === null) return { quote: null, invoices: [], quoteOpen: false, payOpen: false };
  const found = await documentsOf(deps.db, [purchaseId], now, (id) => jobInvoicePdfPath(token, id));
  const scrub = (text: string) => scrubFreeText(text, lead);
  const pay = await howToPay(deps, purchaseId);
  const latest = found.quotes.find((q) => q.quote.status !== "superseded")?.quote ?? null;
  const invoiced = (quoteId: number) => found.invoices.some(({ invoice }) => invoice.quoteId === quoteId && invoice.status !== "void");
  const quote: JobQuote | null = latest && toJobQuote(latest, scrub, pay(depositOwingCents(latest, invoiced(latest.id)), latest.number, `quote:${latest.id}`));
  const invoices: JobInvoice[] = found.invoices.map(({ invoice }) => ({
    ...invoice,
    items: invoice.items.map((item) => ({ ...item, description: scrub(item.description) })),
    notes: invoice.notes && scrub(invoice.notes),
    voidReason: invoice.voidReason && scrub(invoice.voidReason),
    payments: toJobPayments(invoice.payments, scrub),
    ...pay(invoiceOwingCents(invoice), invoice.number, `invoice:${invoice.id}`),
  }));
  const payOpen = [quote, ...invoices].some((d) => d?.actions.includes("pay"));
  return { quote, invoices, quoteOpen: quote?.status === "sent", payOpen };
}

/** The job page's documents as server/features/jobs reads them (wired by server/app.ts). */
export const jobPageDocumentsReader = (deps: Pick<DocumentDeps, "connect">) => (db: Db, lead: Lead, purchaseId: number | null, token: string, now: Date) =>
  jobPageDocuments({ db, connect: deps.connect }, lead, purchaseId, token, now);

/** GET /api/invoices/:id/pdf: the buyer's side only (the buyer, their team, the super admin); 404 for anyone else. */
export async function invoicePdf(db: Db, user: CurrentUser, invoiceId: number) {
  const [record] = await invoiceRecords(db, { invoiceIds: [invoiceId] });
  if (!record || !(await findPurchase(db, record.invoice.purchaseId, ownerOf(user)))) throw notFound(INVOICE_MESSAGES.notFound);
  const invoice = toInvoice(record, invoicePdfPath(record.invoice.id));
  return { pdf: await renderPdf(printableInvoice(invoice)), fileName: invoiceFileName(invoice) };
}

/** GET /api/jobs/:token/invoices/:id/pdf: the customer's copy, its text as the job page shows it. */
export async function customerInvoicePdf(deps: PaymentReadDeps, lead: Lead, invoiceId: number, token: string, now: Date) {
  const purchaseId = await livePurchaseIdOfLead(deps.db, lead.id);
  const found = purchaseId === undefined ? null : await jobPageDocuments(deps, lead, purchaseId, token, now);
  const invoice = found?.invoices.find((i) => i.id === invoiceId);
  if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
  return { pdf: await renderPdf(printableInvoice(invoice)), fileName: invoiceFileName(invoice) };
}
