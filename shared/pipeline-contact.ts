// The contact promise on the pipeline card (docs/decisions/045-contact-promise.md, "Logging
// contact"): what a purchase row says of it, and when the buyer's side counts as having made
// contact. The promise itself is shared/contact-promise.ts's; the wire contract of an attempt
// is shared/jobs.ts's.
import type { ContactAttempt, ContactChannel, ContactOutcome } from "./jobs";

export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = { call: "Call", sms: "SMS", email: "Email", in_person: "In person" };
export const CONTACT_OUTCOME_LABELS: Record<ContactOutcome, string> = {
  reached: "Reached",
  no_answer: "No answer",
  left_message: "Left a message",
  wrong_number: "Wrong number",
};

/** "Call, no answer", as the card, the history and the export write an attempt. */
export const contactAttemptText = (a: { channel: ContactChannel; outcome: ContactOutcome }) =>
  `${CONTACT_CHANNEL_LABELS[a.channel]}, ${CONTACT_OUTCOME_LABELS[a.outcome].toLowerCase()}`;

/** The audit trail's field for a logged attempt; its new value is "call: reached" (channel: outcome). */
export const CONTACT_ATTEMPT_FIELD = "contactAttempt";
export const contactAttemptAuditValue = (a: { channel: ContactChannel; outcome: ContactOutcome }) => `${a.channel}: ${a.outcome}`;

export const CONTACT_MESSAGES = {
  ownJob: "This is your own job (added by you, not bought), so there is no contact promise to log against. Keep notes on the card instead.",
  logged: "Contact logged",
} as const;

/**
 * What each pipeline row (GET /api/my-purchased-leads) carries of the promise. Market
 * purchases only: a provider's own job has `contactBy` null.
 */
export interface PurchaseContact {
  /** ISO instant of the promise, from purchased_at (shared/contact-promise.ts contactBy). */
  contactBy: string | null;
  /** The first logged attempt or the first move to Called or later, whichever came first. */
  firstContactAt: string | null;
  lastAttempt: ContactAttempt | null;
}

/**
 * The stage stamps that mean the customer was reached: Called and every stage after it.
 * Declined is not one of them: a job is declined as often because nobody answered.
 */
export const CONTACTED_STAGE_STAMPS = ["calledAt", "quoteSentAt", "quoteAcceptedAt", "bookedInAt", "invoicePaidAt"] as const;
type Stamps = Record<(typeof CONTACTED_STAGE_STAMPS)[number], Date | string | null>;

/** The first contact: the earliest of the first attempt and the Called-or-later stamps; null when none. */
export function firstContactOf(purchase: Stamps, firstAttemptAt: Date | string | null): Date | null {
  const times = [firstAttemptAt, ...CONTACTED_STAGE_STAMPS.map((k) => purchase[k])]
    .filter((t): t is Date | string => t !== null && t !== undefined)
    .map((t) => new Date(t).getTime());
  return times.length === 0 ? null : new Date(Math.min(...times));
}
