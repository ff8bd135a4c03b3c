// A quote's and an invoice's record as the repos read them, and what their payments count for:
// in a file of their own, below the repos and the view, so neither imports the other back
// (docs/decisions/074).
import { toCents } from "../../../shared/pricing";
import type { PaymentDisputeView } from "../../../shared/disputes";
import type { DocumentPayment, InvoiceLineRow, InvoiceRow, PaymentRefundRow, QuoteAcceptance, QuoteLineRow, QuoteRow } from "../../../shared/schema";

/** Disputes of online payments by PaymentIntent (server/core/disputes), with whether one stands in the way of a refund. */
export type PaymentDisputes = Map<string, PaymentDisputeView & { blocksRefund: boolean }>;

export type NewLine = Omit<QuoteLineRow, "id" | "quoteId">;

export interface QuoteRecord {
  quote: QuoteRow;
  lines: QuoteLineRow[];
  acceptance: QuoteAcceptance | null;
  /** Deposit payments against it less their refunds, in dollars. */
  depositPaid: string;
  payments: DocumentPayment[];
  refunds: PaymentRefundRow[];
  disputes: PaymentDisputes;
}

export interface InvoiceRecord {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  payments: DocumentPayment[];
  refunds: PaymentRefundRow[];
  disputes: PaymentDisputes;
  /** The deposit payments of the quote it was issued from, in dollars. */
  depositPaid: string;
}

/** What a payment counts for, in cents, once its refunds are given back. */
export const netCents = (p: Pick<DocumentPayment, "amount" | "refunded">) => toCents(p.amount) - toCents(p.refunded);

/** What some payments count for together, in cents, less their refunds. */
export const paidCentsOf = (payments: Pick<DocumentPayment, "amount" | "refunded">[]) => payments.reduce((sum, p) => sum + netCents(p), 0);
