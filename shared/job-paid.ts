// What a customer paid on a job: one rule for the card, Purchase History, the CSV and Insights
// (docs/decisions/080-what-a-job-was-paid.md). A job with a quote or an invoice keeps its money in
// them (docs/decisions/054): deposits, online payments and recorded invoice payments, net of what
// was refunded, GST included as charged. A job run without our documents has only the amount
// typed on its card at Paid.
import type { DocumentSummary } from "./invoices";

type Documents = Pick<DocumentSummary, "quote" | "invoice" | "paid">;

/** The card's rule (docs/decisions/054): a quote or a live invoice, and the typed figures give way. */
export const hasJobDocuments = (documents: Pick<Documents, "quote" | "invoice"> | null | undefined) => Boolean(documents?.quote || documents?.invoice);

/** Dollars the customer paid on the job ("0.00" style), or null when nothing is recorded. */
export function jobPaid(job: { documents?: Documents | null; customerPaymentAmount?: string | null }): string | null {
  if (hasJobDocuments(job.documents)) return job.documents!.paid;
  return job.customerPaymentAmount ?? null;
}
