// Payments against a quote's deposit or an invoice, as both sides read them (docs/decisions/
// 052-invoice-numbers-and-payments.md, 056-money-online-stripe-connect.md): recorded by the
// electrician, or made online on the job page and recorded from Stripe's signed event; an online
// one may be refunded through Stripe, and its refunds show with it.
import { z } from "zod";
import { DISPUTE_STATUS_LABELS, type DisputeStatus } from "./disputes";
import { PAYMENT_SOURCES, paymentRefundSchema } from "./stripe-connect";

export const PAYMENT_METHODS = ["eft", "cash", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { eft: "Bank transfer (EFT)", cash: "Cash", card: "Card" };

const DISPUTE_STATUSES = Object.keys(DISPUTE_STATUS_LABELS) as [DisputeStatus, ...DisputeStatus[]];

/** A chargeback of an online payment (shared/disputes.ts PaymentDisputeView). */
const paymentDisputeSchema = z.object({
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string(),
  evidenceDueBy: z.string().nullable(),
  amount: z.string(),
  evidenceSubmittedAt: z.string().nullable(),
  evidenceGoesBy: z.string().nullable(),
});

export const paymentSchema = z.object({
  id: z.number().int(),
  /** What was received, dollars; refunds do not change it (see refundedAmount). */
  amount: z.string(),
  /** An online payment is `card` (Stripe's Payment Element: card, Apple Pay, Google Pay). */
  method: z.enum(PAYMENT_METHODS),
  recordedAt: z.string(),
  source: z.enum(PAYMENT_SOURCES),
  /** What was given back of it so far, dollars ("0.00" for none). Paid figures count amount - refundedAmount. */
  refundedAmount: z.string(),
  refunds: z.array(paymentRefundSchema),
  /**
   * The part of an online payment that was more than was owing when Stripe's event arrived
   * ("0.00" mostly): the money is recorded, the balance stays at 0, and the electrician refunds
   * the excess (docs/decisions/056).
   */
  overpaid: z.string(),
  /** An online payment with money left to refund: the electrician's side shows a Refund button (POST /api/payments/:id/refund). */
  refundable: z.boolean(),
  /** The customer's bank disputes this online payment (docs/decisions/094-dispute-evidence.md); null for none. */
  dispute: paymentDisputeSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /api/payments/:id/refund answers the payment as it now stands. */
export const refundResponse = z.object({ message: z.string(), payment: paymentSchema });
export type RefundResponse = z.infer<typeof refundResponse>;
