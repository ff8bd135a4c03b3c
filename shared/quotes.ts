// Quotes on the wire (docs/decisions/051-quotes-and-tax-invoices.md): the electrician sends one
// from the job's card (POST /api/lead-purchases/:id/quotes), the customer accepts or declines it
// on the job page (POST /api/jobs/:token/quotes/:quoteId/accept|decline).
import { z } from "zod";
import { calendarDay } from "./calendar-day";
import { documentItemSchema, documentLinesInput, documentMoney, documentNotes, documentSellerSchema } from "./document-lines";
import { paymentSchema } from "./document-payments";
import { recordId } from "./ids";
import { DOCUMENT_ACTIONS, eftDetailsSchema, onlinePaymentSchema, paymentFailedSchema } from "./stripe-connect";

/** `expired` is never stored: a `sent` quote reads as expired once its validUntil day (Sydney) is over. */
export const QUOTE_STATUSES = ["sent", "accepted", "declined", "superseded", "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  sent: "Sent",
  accepted: "Accepted",
  declined: "Declined",
  superseded: "Replaced",
  expired: "Expired",
};

/** A quote is good for this many days unless the electrician says otherwise. */
export const DEFAULT_QUOTE_VALID_DAYS = 30;
export const MAX_QUOTE_VALID_DAYS = 366;

/** Why a customer declines; the same words as the pipeline's decline reasons (shared/pipeline-jobs.ts). */
export const QUOTE_DECLINE_REASONS = ["price", "timing", "found_someone", "other"] as const;
export type QuoteDeclineReason = (typeof QUOTE_DECLINE_REASONS)[number];
export const QUOTE_DECLINE_NOTE_MAX = 300;

export const QUOTE_MESSAGES = {
  depositOneOf: "Ask for a deposit as a percentage or as an amount, not both",
  depositPercent: "Enter a deposit percentage from 0 to 100",
  validUntil: "Enter the last day the quote is good for",
  validUntilPast: "The quote must be good until today or later",
  validUntilTooFar: `A quote is good for at most ${MAX_QUOTE_VALID_DAYS} days`,
  signatureName: "Type your full name to accept",
  signatureTooLong: "Keep your name to 120 characters",
  chooseReason: "Choose why you are declining",
  noteTooLong: `Keep the note to ${QUOTE_DECLINE_NOTE_MAX} characters`,
  notFound: "Quote not found",
  notOpen: "This quote can no longer be answered: it was replaced, has expired or was already answered. Refresh the page to see the latest.",
  jobPaid: "This job is paid: it takes no new quote",
  accepted: "Quote accepted. Your electrician has been told.",
  declined: "Quote declined. Your electrician has been told.",
  sent: "Quote sent. The customer has been sent the link to their job page.",
  savedOwnJob: "Quote saved. This is your own job: it has no job page, so the customer was not sent anything.",
} as const;

/** POST /api/lead-purchases/:id/quotes. */
export const quoteCreateRequest = z
  .object({
    items: documentLinesInput,
    /** 0-100, at most 2 decimals; or depositAmount; or neither (no deposit). */
    depositPercent: z
      .number({ error: QUOTE_MESSAGES.depositPercent })
      .min(0, QUOTE_MESSAGES.depositPercent)
      .max(100, QUOTE_MESSAGES.depositPercent)
      .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, QUOTE_MESSAGES.depositPercent)
      .nullish(),
    /** Dollars incl. GST; more than the total is refused by the server (400 under depositAmount). */
    depositAmount: documentMoney.nullish(),
    /** The last day (Sydney, "YYYY-MM-DD") the quote is good for; 30 days from today when left out. */
    validUntil: calendarDay(QUOTE_MESSAGES.validUntil).nullish(),
    notes: documentNotes,
  })
  .refine((q) => q.depositPercent == null || q.depositAmount == null, { message: QUOTE_MESSAGES.depositOneOf, path: ["depositAmount"] });
export type QuoteCreateRequest = z.input<typeof quoteCreateRequest>;

/** The customer's typed name, time, and what was accepted (its SHA-256, of the stored terms). */
export const quoteAcceptanceSchema = z.object({ signatureName: z.string(), acceptedAt: z.string(), termsHash: z.string() });
export const quoteDeclineSchema = z.object({ reason: z.enum(QUOTE_DECLINE_REASONS), note: z.string().nullable(), declinedAt: z.string() });

/**
 * A quote, as POST answers it (201) and as the card lists it. `deposit` is the amount asked
 * ("0.00" for none), from depositPercent or depositAmount by shared/document-totals.ts.
 */
export const quoteSchema = z.object({
  id: z.number().int(),
  /** Per electrician: "Q-000001" upwards. */
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  items: z.array(documentItemSchema),
  subtotal: z.string(),
  gst: z.string(),
  total: z.string(),
  /** True when the GST is exactly one eleventh of the total: "Total price includes GST" may stand for it. */
  gstIsOneEleventh: z.boolean(),
  deposit: z.string(),
  depositPercent: z.number().nullable(),
  depositAmount: z.string().nullable(),
  /** "YYYY-MM-DD", the last day it may be accepted (Sydney). */
  validUntil: z.string(),
  notes: z.string().nullable(),
  seller: documentSellerSchema,
  createdAt: z.string(),
  /** The customer was sent (or, in quiet hours, will be sent) the job page's link: false for a provider's own job. */
  sentToCustomer: z.boolean(),
  acceptance: quoteAcceptanceSchema.nullable(),
  decline: quoteDeclineSchema.nullable(),
  /** Deposit payments on the accepted quote (recorded: POST /api/quotes/:id/payments; or online), less their refunds. */
  depositPaid: z.string(),
  /** Those payments, one by one, with their refunds (docs/decisions/056). */
  payments: z.array(paymentSchema),
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * The job page's view of the quote: the latest one not replaced (sent, accepted, declined or
 * expired), line by line. Its text passes the job page's redaction (no customer phone or street).
 */
export const jobQuoteSchema = quoteSchema.omit({ acceptance: true }).extend({
  acceptance: quoteAcceptanceSchema.omit({ termsHash: true }).nullable(),
  /**
   * `pay`: the quote is accepted, its deposit is not fully paid, and the electrician takes online
   * payments (or the server is in demo mode): POST /api/jobs/:token/quotes/:quoteId/pay.
   * Otherwise `eft` says how to transfer the deposit still owing (null when none is owing or the
   * business gave no bank details). docs/decisions/056-money-online-stripe-connect.md.
   */
  actions: z.array(z.enum(DOCUMENT_ACTIONS)),
  eft: eftDetailsSchema.nullable(),
  /** The deposit's last online payment did not go through (docs/decisions/093-disputes.md). */
  paymentFailed: paymentFailedSchema,
});
export type JobQuote = z.infer<typeof jobQuoteSchema>;

export const quoteIdParams = z.object({ token: z.string().max(200), quoteId: recordId });

/** POST /api/jobs/:token/quotes/:quoteId/accept. */
export const quoteAcceptRequest = z.object({
  signatureName: z.string({ error: QUOTE_MESSAGES.signatureName }).trim().min(2, QUOTE_MESSAGES.signatureName).max(120, QUOTE_MESSAGES.signatureTooLong),
});
export type QuoteAcceptRequest = z.input<typeof quoteAcceptRequest>;

/** POST /api/jobs/:token/quotes/:quoteId/decline. */
export const quoteDeclineRequest = z.object({
  reason: z.enum(QUOTE_DECLINE_REASONS, { error: QUOTE_MESSAGES.chooseReason }),
  note: z
    .string()
    .trim()
    .max(QUOTE_DECLINE_NOTE_MAX, QUOTE_MESSAGES.noteTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type QuoteDeclineRequest = z.input<typeof quoteDeclineRequest>;

/**
 * Both answers: the words to show, and the quote as it now stands. Accepting a quote with a
 * deposit the customer can pay online also answers `payment` (shared/stripe-connect.ts): show
 * Stripe's Payment Element for it (or, `{ demo: true }`, say the demo deposit is paid).
 */
export const quoteAnswerResponse = z.object({ message: z.string(), quote: jobQuoteSchema, payment: onlinePaymentSchema.optional() });
export type QuoteAnswerResponse = z.infer<typeof quoteAnswerResponse>;
