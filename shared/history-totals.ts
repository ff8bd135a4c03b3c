// The Purchase History's figures (docs/decisions/032): a refunded purchase is marked
// and left out of the total; refunds have their own line. Computed in cents, so the total is
// exact and equal to the rows behind it.
import { fromCents, toCents } from "./pricing";

export interface HistoryRow {
  amountPaid: string;
  paymentStatus: string;
  refundAmount?: string | null;
  customerPaymentAmount?: string | null;
}

export const isRefunded = (row: Pick<HistoryRow, "paymentStatus">) => row.paymentStatus === "refunded";

/** What was refunded on a row: the recorded refund, or the whole price when none is recorded. */
export const refundOf = (row: HistoryRow) => (isRefunded(row) ? (row.refundAmount ?? row.amountPaid) : "0.00");

export interface HistoryTotals {
  /** Lead fees of the purchases that stand (refunded ones left out), dollars. */
  paid: string;
  /** What came back on refunded purchases, dollars. */
  refunded: string;
  refundCount: number;
  /** Customer payments recorded on the cards, dollars. */
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
    customer += toCents(row.customerPaymentAmount ?? "0");
  }
  return { paid: fromCents(paid), refunded: fromCents(refunded), refundCount, customerPayments: fromCents(customer) };
}
