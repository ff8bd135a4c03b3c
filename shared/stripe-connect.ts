// Money online (docs/decisions/056-money-online-stripe-connect.md): the customer pays a quote's
// deposit or an invoice's balance on the job page, by a direct charge on the electrician's own
// Stripe account (Connect, Express). The wire contract of both sides; zod only, no other import,
// so the job page and the card load it without pulling other schemas in.
import { z } from "zod";

/**
 * The electrician's Stripe account as the platform last heard of it (signed `account.updated`
 * events): `none` never started; `pending` started, details not finished; `active` may take
 * charges; `restricted` details given but Stripe holds charges (it wants more).
 */
export const STRIPE_ACCOUNT_STATUSES = ["none", "pending", "active", "restricted"] as const;
export type StripeAccountStatus = (typeof STRIPE_ACCOUNT_STATUSES)[number];

export const STRIPE_ACCOUNT_STATUS_LABELS: Record<StripeAccountStatus, string> = {
  none: "Not set up",
  pending: "Set-up not finished",
  active: "Taking payments",
  restricted: "Stripe needs more details",
};

/**
 * The customer's last online payment of a document that did not go through (a card declined, a
 * direct debit returned, Stripe cancelling it), while the document still has money owing: the
 * job page and the card say so, and the customer can pay again (docs/decisions/093-disputes.md).
 */
export const paymentFailedSchema = z.object({ at: z.string(), message: z.string() }).nullable();
export type PaymentFailed = z.infer<typeof paymentFailedSchema>;

export const stripeAccountSchema = z.object({
  status: z.enum(STRIPE_ACCOUNT_STATUSES),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** No Stripe keys on this server (never in production): customers' payments are demos, paid at once, nothing charged. */
  demo: z.boolean(),
});
export type StripeAccount = z.infer<typeof stripeAccountSchema>;

/** POST /api/provider/business/stripe-onboarding: Stripe's own page (an account link) to open; it expires in minutes. */
export const stripeOnboardingResponse = z.object({ url: z.string() });
export type StripeOnboardingResponse = z.infer<typeof stripeOnboardingResponse>;

/**
 * What the job page needs to take a payment: Stripe's Payment Element for this client secret on
 * the electrician's account (`stripeAccount`, "acct_..."), or a demo (already paid, nothing
 * charged: the screen says it was a demo). The money is recorded only from Stripe's signed
 * `payment_intent.succeeded` event, never from the browser's return.
 */
export const onlinePaymentSchema = z.union([z.object({ clientSecret: z.string(), stripeAccount: z.string() }), z.object({ demo: z.literal(true) })]);
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;

/** POST /api/jobs/:token/quotes/:quoteId/pay (the deposit) and POST /api/jobs/:token/invoices/:id/pay (the balance). */
export const paymentAnswerSchema = z.object({ payment: onlinePaymentSchema });
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** What a job-page quote or invoice lets the customer do: `pay` online now. */
export const DOCUMENT_ACTIONS = ["pay"] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

/**
 * How to pay by bank transfer when online payment is not possible (the electrician has no
 * active Stripe account): the business's bank details and the reference to quote (the
 * document's number). Null when the electrician has not given their bank details.
 */
export const eftDetailsSchema = z.object({
  /** 6 digits, no dash (formatBsb in shared/business.ts shows it). */
  bsb: z.string(),
  account: z.string(),
  /** The business name as the bank account should hold it. */
  accountName: z.string(),
  /** "INV-000042" or "Q-000007": the document's number. */
  reference: z.string(),
  /** What to transfer now, dollars: the deposit still owing, or the invoice's balance. */
  amount: z.string(),
});
export type EftDetails = z.infer<typeof eftDetailsSchema>;

/** Where a recorded payment came from: the electrician recorded it, Stripe's signed event, or a demo. */
export const PAYMENT_SOURCES = ["recorded", "stripe", "demo"] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const REFUND_REASON_MAX = 500;

export const ONLINE_PAYMENT_MESSAGES = {
  platformFee: "Customers pay you directly into your own Stripe account. We take no fee: Stripe's fee, refunds and disputes are on your Stripe account.",
  demo: "Demo mode: no card was charged and the payment is marked paid at once.",
  notPayable: "There is nothing to pay online on this right now. Refresh the page to see the latest.",
  notOnline: "This electrician does not take online payments yet: pay by bank transfer with the details shown.",
  paidReceived: "Thank you: your payment is being confirmed. This page shows it as paid in a moment.",
  onboardingDemo: "Online payments are in demo mode on this server: customers' payments are marked paid at once and nothing is charged.",
  onboardingOwnerOnly: "Only the business owner can set up online payments",
  refundReason: "Say why you are refunding",
  refundReasonTooLong: `Keep the reason to ${REFUND_REASON_MAX} characters`,
  refundNotOnline: "Only a payment made online can be refunded here: give the money back as you received it",
  refundNothingLeft: "This payment has already been refunded in full",
  refunded: "Refunded. The money goes back to the customer's card in 5 to 10 business days.",
  refundedDemo: "Refunded (demo mode: no card was charged, so nothing goes back).",
  /** What a failed payment says when Stripe gave no words of its own. */
  paymentFailed: "The payment did not go through",
  paymentCancelled: "Stripe cancelled the payment",
  /** The reason a refund made in the electrician's own Stripe dashboard is recorded with (docs/decisions/093-disputes.md). */
  refundedInStripe: "Refunded in Stripe",
  chargedBack: "Charged back: the customer's bank decided the dispute for them",
  refundBeforePayment: "The payment this refund is of has not been recorded yet: send the event again",
  paymentNotFound: "Payment not found",
} as const;

/** POST /api/payments/:id/refund: the whole of what is not yet refunded, through Stripe on the electrician's account. */
export const refundRequest = z.object({
  reason: z
    .string({ error: ONLINE_PAYMENT_MESSAGES.refundReason })
    .trim()
    .min(1, ONLINE_PAYMENT_MESSAGES.refundReason)
    .max(REFUND_REASON_MAX, ONLINE_PAYMENT_MESSAGES.refundReasonTooLong),
});
export type RefundRequest = z.input<typeof refundRequest>;

/** One refund of a payment, as the invoice (and the quote's deposit) shows it. */
export const paymentRefundSchema = z.object({ id: z.number().int(), amount: z.string(), reason: z.string(), refundedAt: z.string() });
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;
