// The review form's plain rules (docs/decisions/062-review-screens.md): what the customer must fix
// before a code is sent, and what the request carries. The server checks the same with
// shared/reviews.ts; these words are written here so the job page's chunk loads no schema.
import { REVIEW_ASPECTS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from "@shared/reviews-rules";
import type { ReviewEditRequest, ReviewRequest } from "@shared/reviews";
import type { ReviewDraft } from "./review-draft";

export const REVIEW_FORM_MESSAGES = {
  rating: "Choose a rating from 1 to 5 stars",
  textShort: `Write at least ${REVIEW_TEXT_MIN} characters about the job`,
  textLong: `Keep the review to ${REVIEW_TEXT_MAX} characters`,
  code: "Enter the 6-digit code from the SMS",
} as const;

export interface ReviewFormErrors {
  rating?: string;
  text?: string;
}

export function reviewFormErrors(draft: ReviewDraft): ReviewFormErrors {
  const errors: ReviewFormErrors = {};
  if (draft.rating === null) errors.rating = REVIEW_FORM_MESSAGES.rating;
  const length = draft.text.trim().length;
  if (length < REVIEW_TEXT_MIN) errors.text = REVIEW_FORM_MESSAGES.textShort;
  else if (length > REVIEW_TEXT_MAX) errors.text = REVIEW_FORM_MESSAGES.textLong;
  return errors;
}

/** "12 more characters needed" under the minimum, else "340 / 2000". */
export function textCountText(text: string) {
  const length = text.trim().length;
  if (length < REVIEW_TEXT_MIN)
    return `${length} / ${REVIEW_TEXT_MAX} · ${REVIEW_TEXT_MIN - length} more ${REVIEW_TEXT_MIN - length === 1 ? "character" : "characters"} needed`;
  return `${length} / ${REVIEW_TEXT_MAX}`;
}

/** The request's body: the aspects only when any was rated. */
export function reviewBody(draft: ReviewDraft, code: string): ReviewRequest & ReviewEditRequest {
  const aspects = Object.fromEntries(REVIEW_ASPECTS.filter((a) => draft.aspects[a]).map((a) => [a, draft.aspects[a]]));
  return { code: code.replace(/\D/g, ""), rating: draft.rating ?? 0, text: draft.text.trim(), ...(Object.keys(aspects).length ? { aspects } : {}) };
}
