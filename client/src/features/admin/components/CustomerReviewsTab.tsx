// The operator's Reviews tab (docs/decisions/058-reviews.md, 062-review-screens.md): customers'
// reviews with their open reports, reported first; Hide only for one of the published reasons,
// which then shows in the review's place. Nothing else hides a review: not a refund, not a
// dispute, not the electrician asking.
import { EyeOff, Flag } from "lucide-react";
import { useState } from "react";
import { ReviewView } from "@/components/reviews/ReviewView";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState, ListState, SectionHeader } from "@/components/ui/paged-list";
import { toast } from "@/components/ui/use-toast";
import { formatSydneyDateTime } from "@/lib/format";
import type { AdminCustomerReview } from "@shared/reviews-admin";
import { REVIEW_HIDDEN_REASON_LABELS, REVIEW_HIDDEN_REASONS, type ReviewHiddenReason } from "@shared/reviews-rules";
import { useAdminCustomerReviews, useHideCustomerReview } from "../api/customer-reviews";

/** The reasons as the operator chooses them; the published words (REVIEW_HIDDEN_REASON_LABELS) show on the review. */
const REASON_CHOICES: Record<ReviewHiddenReason, string> = {
  abuse: "Abuse: abusive or threatening language",
  personal_information: "Personal information: it names or locates someone",
  not_about_this_job: "Not about this job",
};

export function CustomerReviewsTab() {
  const list = useAdminCustomerReviews();
  const reviews = list.data?.reviews ?? [];
  const reported = reviews.filter((r) => r.openReports > 0).length;
  return (
    <section>
      <SectionHeader
        title="Customers' reviews"
        description={`Reported reviews first, with what was reported. Hide one only for a published reason.${list.data ? ` ${reported} reported.` : ""}`}
      />
      <ListState
        query={list}
        count={reviews.length}
        what="reviews"
        empty={<EmptyState title="No reviews yet">Reviews appear here as customers write them.</EmptyState>}
      >
        <ul className="grid gap-4 lg:grid-cols-2">
          {reviews.map((review) => (
            <li key={review.id} className="min-w-0">
              <CustomerReviewCard review={review} />
            </li>
          ))}
        </ul>
      </ListState>
    </section>
  );
}

function CustomerReviewCard({ review }: { review: AdminCustomerReview }) {
  const hide = useHideCustomerReview();
  const [reason, setReason] = useState<ReviewHiddenReason | null>(null);
  const [confirming, setConfirming] = useState(false);
  const group = `hide-reason-${review.id}`;

  async function run() {
    if (!reason) return;
    try {
      await hide.mutateAsync({ id: review.id, reason });
      toast({ title: "Review hidden", description: REVIEW_HIDDEN_REASON_LABELS[reason] });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not hide the review", description: err instanceof Error ? err.message : "Please try again." });
    } finally {
      setConfirming(false);
    }
  }

  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="customer-review-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-xs text-slate-500">
          Review #{review.id} · job {review.purchaseId} · written {formatSydneyDateTime(review.createdAt)}
        </p>
        {review.hidden ? (
          <Badge tone="slate">Hidden</Badge>
        ) : review.openReports > 0 ? (
          <Badge tone="amber">
            {review.openReports} {review.openReports === 1 ? "report" : "reports"}
          </Badge>
        ) : null}
      </div>
      {/* The operator reads what the customer wrote, also once hidden: they answer for it. */}
      <ReviewView review={review.hidden ? { ...review, hidden: null, text: review.originalText } : review} fold />
      <AsTyped review={review} />
      {review.reportReasons.length > 0 && (
        <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <p className="flex items-center gap-1.5 font-semibold">
            <Flag className="size-4" aria-hidden /> Reported because
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 [overflow-wrap:anywhere]">
            {review.reportReasons.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      {review.hidden ? (
        <p className="flex gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden /> Shown in its place: "{review.hidden.label}"
        </p>
      ) : (
        <fieldset className="mt-auto space-y-1.5 border-t border-slate-100 pt-3">
          <legend className="text-sm font-semibold text-slate-900">Hide for a published reason</legend>
          {REVIEW_HIDDEN_REASONS.map((value) => (
            <label key={value} className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-1 text-sm has-[:checked]:bg-slate-100">
              <input type="radio" name={group} value={value} checked={reason === value} onChange={() => setReason(value)} className="size-4" />
              {REASON_CHOICES[value]}
            </label>
          ))}
          <Button variant="destructive" size="sm" className="mt-1" disabled={!reason || hide.isPending} onClick={() => setConfirming(true)}>
            <EyeOff aria-hidden /> Hide review
          </Button>
        </fieldset>
      )}
      <ConfirmDialog
        open={confirming}
        title="Hide this review?"
        description={reason ? `It stays on record, and the public sees "${REVIEW_HIDDEN_REASON_LABELS[reason]}" in its place. This cannot be undone here.` : ""}
        confirmLabel="Hide review"
        destructive
        busy={hide.isPending}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

/** What the customer and the electrician typed, where the public sees it masked: only the operator sees this. */
function AsTyped({ review }: { review: AdminCustomerReview }) {
  const text = !review.hidden && review.originalText !== review.text ? review.originalText : null;
  const reply = review.originalReply !== null && review.originalReply !== review.reply?.text ? review.originalReply : null;
  if (!text && !reply) return null;
  return (
    <details className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="review-as-typed">
      <summary className="cursor-pointer font-medium">As typed, before masking (only you see this)</summary>
      {text && <p className="mt-2 whitespace-pre-line [overflow-wrap:anywhere]">{text}</p>}
      {reply && (
        <p className="mt-2 whitespace-pre-line [overflow-wrap:anywhere]">
          <span className="font-medium">Reply: </span>
          {reply}
        </p>
      )}
    </details>
  );
}
