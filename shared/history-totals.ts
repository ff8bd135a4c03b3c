// The Purchase History's figures (docs/decisions/032): a refunded purchase is marked
// and left out of the total; refunds have their own line. Computed in cents, so the total is
// exact and equal to the rows behind it.
import type { DocumentSummary } from "./invoices";
import { jobPaid } from "./job-paid";
import { fromCents, toCents } from "./pricing";

export interface HistoryRow {
  amountPaid: string;
  paymentStatus: string;
  /** The purchase's refund row (purchase_refunds, docs/decisions/049), or null. */
  refund?: { amount: string } | null;
  customerPaymentAmount?: string | null;
  /** The job's documents (a pipeline row's), whose payments are what the customer paid when it has any (shared/job-paid.ts). */
  documents?: Pick<DocumentSummary, "quote" | "invoice" | "paid"> | null;
}

/**
 * Refunded: the purchase has its refund row. A purchase marked refunded with no row (one
 * refunded in Stripe before refunds had rows, which left no refund time to copy) still counts.
 */
export const isRefunded = (row: Pick<HistoryRow, "paymentStatus" | "refund">) => Boolean(row.refund) || row.paymentStatus === "refunded";

/** What was refunded on a row: its refund row's amount, or the whole price when it has none. */
export const refundOf = (row: HistoryRow) => (isRefunded(row) ? (row.refund?.amount ?? row.amountPaid) : "0.00");

export interface HistoryTotals {
  /** Lead fees of the purchases that stand (refunded ones left out), dollars. */
  paid: string;
  /** What came back on refunded purchases, dollars. */
  refunded: string;
  refundCount: number;
  /** What the customers paid on these jobs, GST included (shared/job-paid.ts), dollars. */
  customerPayments: string;
}

export function historyTotals(rows: HistoryRow[]): HistoryTotals {
  let paid = 0;
  let refunded = 0;
  let refundCount = 0;
  let customer = 0;
  for (const row of rows) {
    if (isRefunded(row)) {
      refunded += toCents(refundOf(row));
      refundCount += 1;
    } else paid += toCents(row.amountPaid);
    customer += toCents(jobPaid(row) ?? "0");
  }
  return { paid: fromCents(paid), refunded: fromCents(refunded), refundCount, customerPayments: fromCents(customer) };
}

/**
 * The Purchase History's order: newest purchase first (then the later id), whatever order the
 * pipeline's cards use. The server sends the pipeline's order (assigned to the viewer and
 * follow-ups due first, decision 031), which is right for the cards and wrong for a history.
 */
export function newestPurchaseFirst<T extends { id: number; purchasedAt: string | Date }>(rows: readonly T[]): T[] {
  const at = (row: T) => new Date(row.purchasedAt).getTime();
  return [...rows].sort((a, b) => at(b) - at(a) || b.id - a.id);
}
