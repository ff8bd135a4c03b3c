// One way to refund a lead purchase (docs/decisions/049-missed-promises-and-refunds.md, "One way to
// refund"): every refund is one purchase_refunds row, at most one per purchase. What the screens,
// the export and the operator's figures say of it. No Zod here: the Purchase History reads it.
import type { RefundReason } from "./schema/aftercare";

export type { RefundReason };

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  bad_lead: "Bad lead",
  unreachable: "Customer unreachable",
  stripe: "Refunded in Stripe",
};

/** A purchase's refund as the pipeline, the Purchase History and the export show it: from its purchase_refunds row. */
export interface PurchaseRefundView {
  /** Dollars, 2 decimals. */
  amount: string;
  reason: RefundReason;
  /** ISO instant the refund was made. */
  at: string;
}

export const REFUND_MESSAGES = {
  notFound: "Purchase not found",
  alreadyRefunded: "This purchase has already been refunded, so it cannot be refunded again",
  released: "This purchase has been released back to the market, so there is nothing to refund",
} as const;

/** The 409 of a second refund, naming why the first was made when it is known. */
export const alreadyRefundedMessage = (reason?: RefundReason | null) =>
  reason
    ? `This purchase has already been refunded (${REFUND_REASON_LABELS[reason].toLowerCase()}), so it cannot be refunded again`
    : REFUND_MESSAGES.alreadyRefunded;
