// The review rules' plain parts (docs/decisions/058-reviews.md): the clocks, the limits and the
// published hide reasons. Free of zod, so the schema, the server and a page read the same ones.
// Who may review a job, and when, is decided in server/features/reviews/rules.ts with these clocks.
import { DAY_MS, HOUR_MS } from "./durations";

/** The operator hides a review only for one of these, and the reason shows in its place. */
export const REVIEW_HIDDEN_REASONS = ["abuse", "personal_information", "not_about_this_job"] as const;
export type ReviewHiddenReason = (typeof REVIEW_HIDDEN_REASONS)[number];

export const REVIEW_HIDDEN_REASON_LABELS: Record<ReviewHiddenReason, string> = {
  abuse: "Removed: abusive or threatening language",
  personal_information: "Removed: it held someone's personal information",
  not_about_this_job: "Removed: it was not about this job",
};

/** The optional ratings beside the stars. */
export const REVIEW_ASPECTS = ["quality", "punctuality", "value", "tidiness"] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];

export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_REPORT_MAX = 1000;

/** A booked job may be reviewed this long after its start, whatever the electrician did. */
export const REVIEW_AFTER_START_MS = DAY_MS;
/** Any market job may be reviewed this long after its purchase, whatever its stage. */
export const REVIEW_AFTER_PURCHASE_MS = 7 * DAY_MS;
/** The customer may edit their review this long after writing it. */
export const REVIEW_EDIT_WINDOW_MS = 7 * DAY_MS;
/** The invitation goes no sooner than this after Paid (docs/decisions/059). */
export const REVIEW_INVITE_AFTER_PAID_MS = 2 * HOUR_MS;
/** The one reminder, this long after the invitation. */
export const REVIEW_REMINDER_AFTER_MS = 3 * DAY_MS;

export interface ReviewClocks {
  purchasedAt: Date;
  /** When the job reached Paid (lead_purchases.invoice_paid_at), or null. */
  paidAt: Date | null;
  /** When the booked job starts, or null. */
  jobStartsAt: Date | null;
}

/**
 * When the job may first be reviewed: at Paid, 24 hours after a booked start, and in any case
 * 7 days after the purchase, whichever comes first (docs/decisions/058).
 */
export function reviewableFrom(c: ReviewClocks): Date {
  const times = [c.purchasedAt.getTime() + REVIEW_AFTER_PURCHASE_MS];
  if (c.paidAt) times.push(c.paidAt.getTime());
  if (c.jobStartsAt) times.push(c.jobStartsAt.getTime() + REVIEW_AFTER_START_MS);
  return new Date(Math.min(...times));
}

/** When the invitation may go: as reviewable, but no sooner than 2 hours after Paid. */
export function invitationFrom(c: ReviewClocks): Date {
  const from = reviewableFrom(c);
  // Paid opened it: a customer who has just paid is not asked at once. Another clock that opened
  // it earlier has already sent the invitation.
  if (c.paidAt && from.getTime() === c.paidAt.getTime()) return new Date(c.paidAt.getTime() + REVIEW_INVITE_AFTER_PAID_MS);
  return from;
}
