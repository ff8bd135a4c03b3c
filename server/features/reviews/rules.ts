// Who may review, and when (docs/decisions/058-reviews.md). Pure: the job page's `actions`, the
// code's route and the review's route all ask this one function, so the page never offers what
// the server would refuse.
import { REVIEW_MESSAGES } from "../../../shared/reviews";
import { reviewableFrom } from "../../../shared/reviews-rules";
import type { Lead, Review } from "../../../shared/schema";
import type { ReviewableSale } from "./repo";

export type ReviewBlock = "notMarketJob" | "noJob" | "tooEarly" | "already";
export type EditBlock = "noReview" | "editClosed";

export interface ReviewFacts {
  lead: Pick<Lead, "source">;
  sale: ReviewableSale | null;
  review: Review | null;
  now: Date;
}

/**
 * Why a review cannot be written now, or null: a market job (never a provider's own) with a live
 * paid sale, reviewable at Paid, a day after a booked start, or a week after the purchase
 * whatever its stage; once.
 */
export function reviewBlock(f: ReviewFacts): ReviewBlock | null {
  if (f.lead.source === "provider_manual") return "notMarketJob";
  if (!f.sale) return "noJob";
  if (f.review) return "already";
  const from = reviewableFrom({ purchasedAt: f.sale.purchasedAt, paidAt: f.sale.invoicePaidAt, jobStartsAt: f.sale.jobStartsAt });
  if (f.now.getTime() < from.getTime()) return "tooEarly";
  return null;
}

/** Why the review cannot be edited now, or null: the customer's own, for 7 days after writing. */
export function editBlock(f: Pick<ReviewFacts, "review" | "now">): EditBlock | null {
  if (!f.review) return "noReview";
  if (f.now.getTime() >= f.review.editableUntil.getTime()) return "editClosed";
  return null;
}

export const BLOCK_STATUS: Record<ReviewBlock | EditBlock, { status: number; message: string }> = {
  notMarketJob: { status: 409, message: REVIEW_MESSAGES.notMarketJob },
  noJob: { status: 409, message: REVIEW_MESSAGES.noJob },
  tooEarly: { status: 409, message: REVIEW_MESSAGES.tooEarly },
  already: { status: 409, message: REVIEW_MESSAGES.already },
  noReview: { status: 404, message: REVIEW_MESSAGES.noReview },
  editClosed: { status: 409, message: REVIEW_MESSAGES.editClosed },
};
