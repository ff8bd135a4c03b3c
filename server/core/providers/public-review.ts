// A review as the public sees it and as its customer sees it on the job page
// (docs/decisions/058-reviews.md): a hidden one shows only its published reason.
import type { JobReview, PublicReview } from "../../../shared/reviews";
import { REVIEW_HIDDEN_REASON_LABELS } from "../../../shared/reviews-rules";
import type { Review } from "../../../shared/schema";

const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const edited = (created: Date | null, updated: Date | null) => Boolean(created && updated && updated.getTime() > created.getTime());

export function toPublicReview(r: Review): PublicReview {
  const hidden = r.hiddenReason ? { reason: r.hiddenReason, label: REVIEW_HIDDEN_REASON_LABELS[r.hiddenReason] } : null;
  const shown = !hidden;
  return {
    id: r.id,
    providerId: r.providerId,
    rating: shown ? r.rating : null,
    text: shown ? r.text : null,
    aspects: shown ? { quality: r.aspectQuality, punctuality: r.aspectPunctuality, value: r.aspectValue, tidiness: r.aspectTidiness } : null,
    customerFirstName: shown ? r.customerFirstName : null,
    suburb: r.suburb,
    state: r.state,
    month: monthOf(r.createdAt),
    verifiedJob: true,
    paidOnPlatform: r.paidOnPlatform,
    edited: edited(r.createdAt, r.updatedAt),
    hidden,
    reply:
      shown && r.replyText && r.replyCreatedAt
        ? { text: r.replyText, createdAt: r.replyCreatedAt.toISOString(), edited: edited(r.replyCreatedAt, r.replyUpdatedAt) }
        : null,
  };
}

export function toJobReview(r: Review, now: Date): JobReview {
  return { ...toPublicReview(r), editableUntil: r.editableUntil.toISOString(), canEdit: now.getTime() < r.editableUntil.getTime() };
}
