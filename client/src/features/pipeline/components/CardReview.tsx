// The job's review on the electrician's card (docs/decisions/058-reviews.md, 062-review-screens.md):
// the stars, the text and the month as the public sees them, and "Reply publicly" once, then
// "Edit reply". Only the business owner replies (the server's rule, shown here by `canReply`).
import { MessageSquareReply, Pencil, Star } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { ReviewView } from "@/components/reviews/ReviewView";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import type { PublicReview } from "@shared/reviews";
import { REVIEW_REPLY_MAX } from "@shared/reviews-rules";
import { useReviewReply } from "../api/review-reply";

export function CardReview({ review, business, canReply }: { review: PublicReview; business: string; canReply: boolean }) {
  const [replying, setReplying] = useState(false);
  return (
    <section aria-label="The customer's review" className="rounded-xl border border-amber-200 bg-amber-50/40 p-3 sm:p-4" data-testid="card-review">
      <p className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden /> The customer's review
      </p>
      {replying ? (
        <ReviewView review={{ ...review, reply: null }} fold>
          <ReplyForm review={review} onDone={() => setReplying(false)} />
        </ReviewView>
      ) : (
        <ReviewView review={review} replyBy={business} fold>
          {canReply && !review.hidden && (
            <Button variant="outline" size="sm" className="min-h-10" onClick={() => setReplying(true)}>
              {review.reply ? (
                <>
                  <Pencil aria-hidden /> Edit reply
                </>
              ) : (
                <>
                  <MessageSquareReply aria-hidden /> Reply publicly
                </>
              )}
            </Button>
          )}
        </ReviewView>
      )}
    </section>
  );
}

function ReplyForm({ review, onDone }: { review: PublicReview; onDone: () => void }) {
  const edit = review.reply !== null;
  const [text, setText] = useState(review.reply?.text ?? "");
  const [missing, setMissing] = useState(false);
  const reply = useReviewReply(review.id, edit);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!text.trim());
    if (text.trim()) reply.mutate({ text: text.trim() }, { onSuccess: onDone });
  };
  const error = missing
    ? "Write your reply"
    : reply.error
      ? reply.error instanceof ApiError
        ? (reply.error.errors?.text ?? reply.error.message)
        : "That did not go through. Try again."
      : null;
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {edit ? "Edit your public reply" : "Your public reply"}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Everyone who reads the review sees it under your business name. Thank the customer or set the record straight, politely.
      </p>
      <Textarea
        id={id}
        value={text}
        maxLength={REVIEW_REPLY_MAX}
        rows={4}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <p className="text-right text-xs text-slate-500 tabular-nums">
        {text.trim().length} / {REVIEW_REPLY_MAX}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? "Publishing..." : edit ? "Save reply" : "Publish reply"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
