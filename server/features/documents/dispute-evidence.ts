// The evidence for a customer's disputed online payment on the electrician's own Stripe account
// (docs/decisions/094-dispute-evidence.md): the job the payment was for, as our records hold it:
// the quote the customer accepted and signed on their job page, the invoice, the payment and its
// refunds, with the invoice (or the quote, for a deposit) as the receipt. Here the card holder is
// the customer, so their name is theirs to read; nothing else of theirs is added.
import type { EvidenceField } from "../../../shared/dispute-evidence";
import { formatStateStamp } from "../../../shared/state-time-text";
import { invoiceFileName, printableInvoice, renderPdf } from "../../core/printing";
import type { Db } from "../../platform/db/client";
import type { EvidenceFile } from "../../platform/payments";
import { invoiceRecords } from "./invoices-repo";
import { jobOfOnlinePayment, paymentOfIntentOnAccount } from "./online-repo";
import { quoteRecords } from "./quotes-repo";
import { invoicePdfPath, toInvoice, toPayment } from "./view";

export interface PaymentEvidence {
  /** The job (lead purchase) the payment was for. */
  purchaseId: number;
  fields: EvidenceField[];
  receipt?: EvidenceFile;
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
  const receipt = invoice ? { data: await renderPdf(printableInvoice(invoice)), name: invoiceFileName(invoice) } : undefined;
  return { purchaseId: payment.purchaseId, fields, receipt };
}
