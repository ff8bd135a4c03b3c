// /reviews-policy: the rules reviews keep, and live figures (docs/decisions/058-reviews.md). The
// rules' numbers come from shared/reviews-rules.ts, the same ones the server enforces.
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { usePageMeta } from "@/lib/seo";
import type { ReviewPolicyFigures } from "@shared/reviews";
import { REVIEW_ASPECTS, REVIEW_HIDDEN_REASON_LABELS, REVIEW_HIDDEN_REASONS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from "@shared/reviews-rules";

const REVIEW_POLICY_FIGURES_KEY = ["/api/reviews/policy-figures"] as const;

const REASON_WORDS: Record<(typeof REVIEW_HIDDEN_REASONS)[number], string> = {
  abuse: "Abusive or threatening language",
  personal_information: "Someone's personal information",
  not_about_this_job: "Not about this job",
};

function Figures() {
  const { data, isError } = useQuery<ReviewPolicyFigures>({ queryKey: REVIEW_POLICY_FIGURES_KEY });
  if (isError) return <p className="text-slate-600">The figures could not be loaded just now.</p>;
  if (!data) return <p className="text-slate-500">Loading the figures…</p>;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Figure label="Reviews published" value={data.published} />
      <Figure label="Reviews hidden" value={data.hidden} />
      {REVIEW_HIDDEN_REASONS.map((reason) => (
        <Figure key={reason} label={`Hidden: ${REASON_WORDS[reason].toLowerCase()}`} value={data.hiddenByReason[reason]} />
      ))}
    </dl>
  );
}

const Figure = ({ label, value }: { label: string; value: number }) => (
  <div className="rounded-xl border border-slate-200 bg-white p-4">
    <dt className="text-sm text-slate-600">{label}</dt>
    <dd className="mt-1 text-2xl font-extrabold text-slate-900">{value}</dd>
  </div>
);

export function ReviewsPolicyPage() {
  usePageMeta({
    title: "Reviews policy",
    description: "Who can review an electrician on Aussie Electricians, when, what we mask, and the only reasons a review is ever hidden.",
    path: "/reviews-policy",
  });
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <Link href="/" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Back to home
        </Link>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">Reviews policy</h1>
        <div className="mt-6 space-y-8 leading-relaxed text-slate-700 [&_li]:ml-5 [&_li]:list-disc">
          <section aria-labelledby="who">
            <h2 id="who" className="text-xl font-bold text-slate-900">
              Who can review, and when
            </h2>
            <ul className="mt-2 space-y-2">
              <li>
                Only the customer of a job found through Aussie Electricians, once per job, from their job page. An electrician&apos;s own jobs cannot be
                reviewed here.
              </li>
              <li>
                As soon as the job is paid, or a day after a booked job&apos;s start, and in any case a week after the electrician took the job, whatever has
                happened since: nobody can keep a job from being reviewed.
              </li>
              <li>The customer confirms their mobile with a code we text them, so a forwarded link cannot be used to review.</li>
              <li>Electricians cannot buy a job whose mobile number is their own or their team&apos;s, so nobody reviews themselves.</li>
              <li>
                A review is a rating from 1 to 5 stars and {REVIEW_TEXT_MIN} to {REVIEW_TEXT_MAX} characters about the job. Optional stars for{" "}
                {REVIEW_ASPECTS.join(", ")}. The customer can edit it for 7 days.
              </li>
              <li>We text an invitation once when the job can be reviewed, and one reminder three days later. Never more, and never at night.</li>
            </ul>
          </section>
          <section aria-labelledby="shown">
            <h2 id="shown" className="text-xl font-bold text-slate-900">
              What a review shows
            </h2>
            <ul className="mt-2 space-y-2">
              <li>The customer&apos;s first name, the suburb, the month, and &ldquo;Verified job&rdquo;.</li>
              <li>&ldquo;Paid through Aussie Electricians&rdquo; when the invoice was paid online through us.</li>
              <li>Phone numbers, e-mail addresses and street addresses are masked, in the review and in the electrician&apos;s reply.</li>
              <li>The electrician can reply once, in public.</li>
            </ul>
          </section>
          <section aria-labelledby="hidden">
            <h2 id="hidden" className="text-xl font-bold text-slate-900">
              Published at once, hidden only for these reasons
            </h2>
            <p className="mt-2">
              Reviews are published as soon as they are written. We never write or publish one on anyone&apos;s behalf. Anyone can report a review; we hide one
              only for one of these reasons, and the reason is shown in its place:
            </p>
            <ul className="mt-2 space-y-2">
              {REVIEW_HIDDEN_REASONS.map((reason) => (
                <li key={reason}>
                  {REASON_WORDS[reason]}: shown as &ldquo;{REVIEW_HIDDEN_REASON_LABELS[reason]}&rdquo;.
                </li>
              ))}
            </ul>
            <p className="mt-2">A review is never hidden because of a refund, a dispute, or a request from the electrician.</p>
          </section>
          <section aria-labelledby="figures">
            <h2 id="figures" className="text-xl font-bold text-slate-900">
              The figures, live
            </h2>
            <div className="mt-3">
              <Figures />
            </div>
          </section>
        </div>
      </article>
    </PublicLayout>
  );
}
