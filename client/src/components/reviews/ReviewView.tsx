// One review as everyone sees it (docs/decisions/058-reviews.md, 062-review-screens.md): the stars,
// "Verified job", who (first name, suburb) and when (the month), the text, the aspects rated, and
// the electrician's public reply. A hidden review shows only the published reason in its place.
// The job page, the pipeline card and the operator's tab show the same block.
import { BadgeCheck, CreditCard, EyeOff, MessageSquareReply } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { PublicReview } from "@shared/reviews";
import { REVIEW_ASPECTS, type ReviewAspect } from "@shared/reviews-rules";
import { Stars } from "./stars";

export const ASPECT_LABELS: Record<ReviewAspect, string> = {
  quality: "Quality of work",
  punctuality: "Punctuality",
  value: "Value for money",
  tidiness: "Tidiness",
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-11" is "November 2026". */
export function reviewMonthText(month: string) {
  const [year, m] = month.split("-").map(Number);
  return MONTHS[(m ?? 0) - 1] ? `${MONTHS[m! - 1]} ${year}` : month;
}

/** "Harriet, Parramatta NSW · November 2026". */
export function reviewerLine(review: Pick<PublicReview, "customerFirstName" | "suburb" | "state" | "month">) {
  const place = [review.suburb, review.state].filter(Boolean).join(" ");
  const who = [review.customerFirstName, place].filter(Boolean).join(", ");
  return [who, reviewMonthText(review.month)].filter(Boolean).join(" · ");
}

/** Past this many characters a folded review shows four lines and "Read it all" (the card, the operator's list). */
const FOLD_AFTER = 280;

/** A long text folded to four lines until asked for. */
function FoldedText({ text, fold, className }: { text: string; fold: boolean; className: string }) {
  const [open, setOpen] = useState(false);
  const folded = fold && !open && text.length > FOLD_AFTER;
  return (
    <div>
      <p className={`${className} whitespace-pre-line [overflow-wrap:anywhere] ${folded ? "line-clamp-4" : ""}`}>{text}</p>
      {fold && text.length > FOLD_AFTER && (
        <button type="button" className="mt-1 min-h-9 text-sm font-semibold text-brand-700 underline" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Show less" : "Read it all"}
        </button>
      )}
    </div>
  );
}

interface ReviewViewProps {
  review: PublicReview;
  replyBy?: string;
  /** Fold a long review and reply to four lines each (where many reviews are listed). */
  fold?: boolean;
  children?: ReactNode;
}

export function ReviewView({ review, replyBy, fold = false, children }: ReviewViewProps) {
  if (review.hidden)
    return (
      <div className="flex gap-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-700" data-testid="review-hidden">
        <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{review.hidden.label}</span>
      </div>
    );
  const aspects = REVIEW_ASPECTS.filter((a) => review.aspects?.[a]);
  return (
    <div className="min-w-0 space-y-3" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {review.rating !== null && <Stars rating={review.rating} className="[&_svg]:size-5" />}
        <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">
          <BadgeCheck className="size-3.5" aria-hidden /> Verified job
        </span>
        {review.paidOnPlatform && (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            <CreditCard className="size-3.5" aria-hidden /> Paid through Aussie Electricians
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
        {reviewerLine(review)}
        {review.edited ? " · edited" : ""}
      </p>
      {review.text && <FoldedText text={review.text} fold={fold} className="text-slate-800" />}
      {aspects.length > 0 && (
        <dl className="grid gap-1.5 text-sm text-slate-700 sm:grid-cols-2">
          {aspects.map((a) => (
            <div key={a} className="flex items-center justify-between gap-2 sm:justify-start">
              <dt>{ASPECT_LABELS[a]}</dt>
              <dd>
                <Stars rating={review.aspects![a]!} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {review.reply && (
        <div className="rounded-xl border-l-4 border-brand-600 bg-slate-50 p-3" data-testid="review-reply">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">
            <MessageSquareReply className="size-4 shrink-0" aria-hidden /> {replyBy ? `Reply from ${replyBy}` : "The electrician's reply"}
            {review.reply.edited ? <span className="font-normal text-slate-500"> · edited</span> : null}
          </p>
          <FoldedText text={review.reply.text} fold={fold} className="mt-1 text-sm text-slate-800" />
        </div>
      )}
      {children}
    </div>
  );
}
