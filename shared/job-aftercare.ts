// What the customer may do on the job page after the sale, on the wire (docs/decisions/
// 049-missed-promises-and-refunds.md, "A missed promise" and "The customer closes"): report
// that nobody contacted them, and close the request. Free of zod, so the job page's chunk uses
// the words without the schemas; shared/jobs.ts builds the request and view schemas from them.
import { ALREADY_BOUGHT, ALREADY_CLOSED } from "./close-messages";

/**
 * What became of the customer's "No one has contacted me": the request went back on sale
 * (`relisted`), or the buyer had logged attempts and the operator looks at both sides
 * (`reviewing`, then `upheld` or `dismissed`).
 */
export const NOT_CONTACTED_OUTCOMES = ["relisted", "reviewing", "upheld", "dismissed"] as const;
export type NotContactedOutcome = (typeof NOT_CONTACTED_OUTCOMES)[number];

export interface NotContactedReport {
  outcome: NotContactedOutcome;
  at: string;
}

export const CLOSE_REASONS = ["found_someone", "no_longer_needed", "other"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export const CLOSE_REASON_LABELS: Record<CloseReason, string> = {
  found_someone: "I found someone else",
  no_longer_needed: "I no longer need the work",
  other: "Another reason",
};

export const CLOSE_NOTE_MAX = 500;

export const JOB_ACTION_MESSAGES = {
  chooseReason: "Choose why you are closing the request",
  noteTooLong: `Keep the note to ${CLOSE_NOTE_MAX} characters`,
  alreadyClosed: ALREADY_CLOSED,
  alreadyBought: ALREADY_BOUGHT,
  paid: "This job is paid, so there is nothing left to close.",
  /** Before the promise has passed: the customer is told when it does. */
  tooEarly: (by: string) => `Your electrician has until ${by} to contact you. If they have not by then, you can tell us here.`,
  notOpen: "This can no longer be reported: your electrician has been in touch or the request has moved on. Refresh the page to see where it stands.",
} as const;

/** lead_purchases.release_reason of a purchase released because its buyer missed the promise. */
export const MISSED_PROMISE_RELEASE = "missed_promise";
/** How the buyer's board shows that purchase: it stays theirs to account for, never to work. */
export const LOST_MISSED_PROMISE_LABEL = "Lost: missed promise";
/** The operator's Providers tab flags a provider with this many missed promises in this many days. */
export const MISSED_PROMISE_FLAG = { count: 3, days: 30 } as const;
