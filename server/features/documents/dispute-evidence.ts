// The evidence for a customer's disputed online payment on the electrician's own Stripe account
// (docs/decisions/094-dispute-evidence.md): the job the payment was for, as our records hold it:
// the quote the customer accepted and signed on their job page, the invoice, the payment and its
// refunds, with the invoice as the receipt (none for a deposit paid before any invoice). Here the card holder is
// the customer, so their name is theirs to read; nothing else of theirs is added.
import type { CurrentUser } from "../../../shared/auth";
import { EVIDENCE_MESSAGES, type EvidenceField, type PaymentEvidenceView } from "../../../shared/dispute-evidence";
import { formatStateStamp } from "../../../shared/state-time-text";
import { invoiceFileName, printableInvoice, renderPdf } from "../../core/printing";
import { disputesOfPayments } from "../../core/disputes";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import type { EvidenceFile } from "../../platform/payments";
import { invoiceRecords } from "./invoices-repo";
import { ownerOf } from "./locks";
import { jobOfOnlinePayment, paymentById, paymentOfIntentOnAccount } from "./online-repo";
import { findPurchase, quoteRecords } from "./quotes-repo";
import { invoicePdfPath, toInvoice, toPayment } from "./view";

export interface PaymentEvidence {
  fields: EvidenceField[];
  /** The receipt's file name, null without an invoice; its PDF is made only when it is sent. */
  receiptName: string | null;
  receipt(): Promise<EvidenceFile | undefined>;
}

/**
 * The pack for the payment Stripe's dispute names (its PaymentIntent on this connected account),
 * or nothing when no payment of ours matches. Reads one after another: inside a sender's
 * transaction they share one connection.
 */
export async function paymentEvidence(db: Db, intentId: string, account: string): Promise<PaymentEvidence | undefined> {
  const payment = await paymentOfIntentOnAccount(db, intentId, account);
  if (!payment) return undefined;
  const job = await jobOfOnlinePayment(db, intentId, account);
  const at = (instant: Date) => formatStateStamp(instant, job?.state ?? null);
  const [invoiceRecord] = payment.invoiceId ? await invoiceRecords(db, { invoiceIds: [payment.invoiceId] }) : [];
  const quoteId = payment.quoteId ?? invoiceRecord?.invoice.quoteId ?? null;
  const [quoteRecord] = quoteId ? await quoteRecords(db, { quoteIds: [quoteId] }) : [];
  const invoice = invoiceRecord && toInvoice(invoiceRecord, invoicePdfPath(invoiceRecord.invoice.id));
  const paid = toPayment(payment, invoiceRecord?.refunds ?? quoteRecord?.refunds ?? []);
  const seller = invoiceRecord?.invoice.sellerName ?? quoteRecord?.quote.sellerName ?? "the electrician";
  const quote = quoteRecord?.quote;
  const acceptance = quoteRecord?.acceptance;
  const work = (invoiceRecord?.lines ?? quoteRecord?.lines ?? []).map((l) => l.description).join("; ");

  const described = [
    `Electrical work by ${seller}${job ? ` (job ${job.jobReference})` : ""}: ${work || "as quoted"}.`,
    quote ? `Quote ${quote.number} for $${quote.total} was sent to the customer on ${at(quote.createdAt)}.` : "",
    acceptance ? `The customer accepted it on their own job page on ${at(acceptance.acceptedAt)}, signing as "${acceptance.signatureName}".` : "",
    invoice
      ? `Tax invoice ${invoice.number} for $${invoice.total} was issued on ${at(new Date(invoice.issuedAt))}; ${invoice.status.replaceAll("_", " ")}.`
      : "",
  ];
  const paidText = [
    `The customer paid $${paid.amount} online on their job page on ${at(payment.recordedAt)}${invoice ? ` against invoice ${invoice.number}` : quote ? ` as the deposit of quote ${quote.number}` : ""}.`,
    ...paid.refunds.map((r) => `Refunded $${r.amount} on ${at(new Date(r.refundedAt))}.`),
  ];
  const fields: EvidenceField[] = [
    { field: "product_description", label: "What was bought", text: described.filter(Boolean).join("\n") },
    ...(invoiceRecord?.invoice.buyerName ? [{ field: "customer_name", label: "Customer", text: invoiceRecord.invoice.buyerName }] : []),
    ...(job?.jobStartsAt ? [{ field: "service_date", label: "Work booked for", text: at(job.jobStartsAt) }] : []),
    { field: "uncategorized_text", label: "The payment", text: paidText.join("\n") },
  ];
  return {
    fields,
    receiptName: invoice ? invoiceFileName(invoice) : null,
    receipt: async () => invoice && { data: await renderPdf(printableInvoice(invoice)), name: invoiceFileName(invoice) },
  };
}

/**
 * GET /api/payments/:id/dispute-evidence: the electrician sees what goes to the customer's bank
 * for their disputed payment (docs/decisions/094-dispute-evidence.md). Their business's jobs
 * only; a payment not disputed, or anyone else's, is a 404.
 */
export async function myPaymentEvidence(db: Db, user: CurrentUser, paymentId: number): Promise<PaymentEvidenceView> {
  const payment = await paymentById(db, paymentId);
  const mine = payment && (await findPurchase(db, payment.purchaseId, ownerOf(user)));
  const intentId = mine ? payment.paymentIntentId : null;
  const dispute = intentId && payment ? (await disputesOfPayments(db, [payment])).get(intentId) : undefined;
  const pack = dispute && intentId && payment?.stripeAccount ? await paymentEvidence(db, intentId, payment.stripeAccount) : undefined;
  if (!dispute || !pack) throw notFound(EVIDENCE_MESSAGES.notDisputed);
  const { blocksRefund: _, ...shown } = dispute;
  return { fields: pack.fields, receiptName: pack.receiptName, dispute: shown };
}
