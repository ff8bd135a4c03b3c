// "Review <electrician>" on the customer's job page (docs/decisions/058-reviews.md,
// 062-review-screens.md): the form while `review` is among the job's actions and nothing is
// written; once published, the review as the public sees it, "Verified job", and Edit while the
// server says it can be edited (7 days).
import { CheckCircle2, Pencil } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ReviewView } from "@/components/reviews/ReviewView";
import type { JobView } from "@shared/jobs";
import type { JobReview as Review } from "@shared/reviews";
import { REVIEW_ASPECTS, type ReviewAspect } from "@shared/reviews-rules";
import { formatJobDate } from "../job-format";
import { EMPTY_REVIEW_DRAFT, type ReviewDraft } from "./review-draft";
import { ReviewForm } from "./ReviewForm";

const nameOf = (view: Pick<JobView, "electrician">) => view.electrician?.businessName ?? view.electrician?.firstName ?? "your electrician";

/** What an edit starts from: the published review. */
function draftOf(review: Review): ReviewDraft {
  const aspects: Partial<Record<ReviewAspect, number>> = {};
  for (const a of REVIEW_ASPECTS) if (review.aspects?.[a]) aspects[a] = review.aspects[a]!;
  return { rating: review.rating, text: review.text ?? "", aspects };
}

interface JobReviewProps {
  token: string;
  view: Pick<JobView, "electrician" | "actions" | "state">;
  review: Review | null;
}

export function JobReview({ token, view, review }: JobReviewProps) {
  const [editing, setEditing] = useState(false);
  const [justPublished, setJustPublished] = useState(false);
  const open = view.actions.includes("review");
  if (!review && !open) return null;
  const name = nameOf(view);
  const canEdit = open && !!review?.canEdit && !review.hidden;
  return (
    <section aria-labelledby="review-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="job-review">
      <h2 id="review-heading" className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">
        {review ? `Your review of ${name}` : `Review ${name}`}
      </h2>
      {!review && !editing && <p className="mt-1 text-slate-700">How did the job go? Your review helps other people near you choose an electrician.</p>}
      <div className="mt-4">
        {!review && justPublished ? (
          // Published, but the page's fresh read has not arrived yet (a slow phone): never the empty form again.
          <p role="status" className="flex items-center gap-2 font-semibold text-green-800">
            <CheckCircle2 className="size-5 shrink-0" aria-hidden /> Thanks. Your review is published.
          </p>
        ) : review && !editing ? (
          <>
            {justPublished && (
              <p role="status" className="mb-3 flex items-center gap-2 font-semibold text-green-800">
                <CheckCircle2 className="size-5 shrink-0" aria-hidden /> Thanks. Your review is published.
              </p>
            )}
            <ReviewView review={review} replyBy={name} />
            {canEdit && (
              <div className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-slate-600">You can edit your review until {formatJobDate(review.editableUntil, view.state)}.</p>
                <Button variant="outline" className="min-h-12" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden /> Edit my review
                </Button>
              </div>
            )}
          </>
        ) : (
          <ReviewForm
            token={token}
            name={name}
            edit={!!review}
            initial={review ? draftOf(review) : EMPTY_REVIEW_DRAFT}
            onDone={() => {
              setEditing(false);
              setJustPublished(true);
            }}
            onCancel={review ? () => setEditing(false) : undefined}
          />
        )}
      </div>
    </section>
  );
}
