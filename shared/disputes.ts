// Chargebacks (docs/decisions/093-disputes.md): what a dispute's status means for the money and
// what the operator and the electrician read of it. No Zod here: the screens read it.
import type { DisputeStatus } from "./schema/disputes";

export type { DisputeStatus };

/** Still being decided: evidence may be due, the money is held. */
export const OPEN_DISPUTE_STATUSES: readonly DisputeStatus[] = ["warning_needs_response", "warning_under_review", "needs_response", "under_review"];

/**
 * While a charge's dispute is open, or after it was lost, the charge is not refunded by us: Stripe
 * refuses to refund a disputed charge, and a lost dispute already paid the card holder back (a
 * refund on top would pay twice). Won, prevented or a closed inquiry leave the charge as it was.
 */
export const disputeBlocksRefund = (status: DisputeStatus) => status === "lost" || OPEN_DISPUTE_STATUSES.includes(status);

/**
 * Which of two states of one dispute is the later, when Stripe's events carry the same second:
 * a decision after a review, a review after a request for evidence.
 */
export const DISPUTE_STATUS_ORDER: Record<DisputeStatus, number> = {
  warning_needs_response: 0,
  needs_response: 0,
  warning_under_review: 1,
  under_review: 1,
  warning_closed: 2,
  won: 2,
  lost: 2,
  prevented: 2,
};

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  warning_needs_response: "Inquiry: answer needed",
  warning_under_review: "Inquiry: under review",
  warning_closed: "Inquiry closed",
  needs_response: "Disputed: evidence needed",
  under_review: "Disputed: under review",
  won: "Dispute won",
  lost: "Dispute lost",
  prevented: "Dispute prevented",
};

/** A dispute as the operator's Disputes list shows it (GET /api/admin/disputes). */
export interface DisputeView {
  id: number;
  status: DisputeStatus;
  /** Stripe's reason, as Stripe words it ("fraudulent", "product_not_received", ...). */
  reason: string;
  /** Dollars, 2 decimals. */
  amount: string;
  currency: string;
  /** ISO instant after which Stripe takes no evidence; null once decided or when Stripe gave none. */
  evidenceDueBy: string | null;
  /** The connected account for a customer's payment to an electrician; null for a lead purchase. */
  stripeAccount: string | null;
  /** `refundedAt`: we refunded the purchase before (a bank may still dispute a refunded charge: the evidence says so). */
  purchase: { id: number; jobReference: string; buyer: string; refundedAt: string | null } | null;
  /** A customer's payment on an electrician's account: the job it paid for and the electrician's business. */
  payment: { jobReference: string; electrician: string } | null;
  fundsWithdrawnAt: string | null;
  fundsReinstatedAt: string | null;
  /**
   * A lead purchase's evidence (docs/decisions/094-dispute-evidence.md): when it was sent and by
   * whom, else when it goes on its own, and the last failed try; null for a charge we hold no record of.
   */
  evidence: {
    submittedAt: string | null;
    submittedBy: "operator" | "automatic" | null;
    autoSubmitAt: string | null;
    error: string | null;
  } | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A lead purchase's dispute on its buyer's card and Purchase History (GET /api/my-purchased-leads):
 * what is happening and by when, not the money (a team member may not see lead spend,
 * docs/decisions/087-lead-spend-private-from-the-team.md). The platform answers the bank for a lead purchase.
 */
export interface PurchaseDisputeView {
  status: DisputeStatus;
  reason: string;
  evidenceDueBy: string | null;
}

/** The card's line: "Dispute lost: fraudulent", "Disputed: evidence needed: product not received". */
export const disputeLine = (dispute: PurchaseDisputeView) => `${DISPUTE_STATUS_LABELS[dispute.status]} · ${dispute.reason.replaceAll("_", " ")}`;

/**
 * A chargeback of a customer's online payment on the electrician's own Stripe account, on the
 * payment's line of their card (GET of quotes and invoices): the amount is theirs to see, it is
 * their money (docs/decisions/094-dispute-evidence.md).
 */
export interface PaymentDisputeView extends PurchaseDisputeView {
  /** Dollars, 2 decimals. */
  amount: string;
  /** When the evidence went to Stripe; null until it has. */
  evidenceSubmittedAt: string | null;
  /** When the platform sends it on its own if nobody has (docs/decisions/094-dispute-evidence.md); null once sent or closed. */
  evidenceGoesBy: string | null;
}

export const DISPUTE_MESSAGES = {
  paymentRefundRefused:
    "This payment is disputed with the customer's bank: it cannot be refunded while the dispute is open or after it was lost, since the bank's decision moves the money.",
  refundRefused:
    "This purchase is disputed with the card's bank: it cannot be refunded while the dispute is open or after it was lost, since the bank's decision moves the money (a refund as well would pay it back twice).",
} as const;
