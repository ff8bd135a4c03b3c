// /quote-success: the confirmation, in electrical words (docs/product.md section 11). The contact
// promise is the job page's, in the same words (docs/decisions/086-one-promise-one-address-quiet-sign-out.md).
import { CheckCircle2, Globe2, ListChecks, Phone, Search, ShieldCheck, Timer } from "lucide-react";
import { useState } from "react";
import { Link, useSearch } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { usePublicConfig } from "@/lib/use-public-config";
import { telHref } from "@/lib/format";
import { usePageMeta } from "@/lib/seo";
import { promiseBeforeSale, promiseRule } from "@shared/contact-promise-words";
import { isJobUrl, JOB_LOOKUP_PATH } from "@shared/job-page";
import { PUBLIC_PAGES } from "@shared/seo";
import { promiseInState, type RequestPromise } from "./success-link";

/** The job link the wizard left in this history entry's state (./success-link.ts), if it is one. */
export const jobUrlInState = (state: unknown): string | null => {
  const jobUrl = (state as { jobUrl?: unknown } | null)?.jobUrl;
  return isJobUrl(jobUrl) ? jobUrl : null;
};

/** The rule for this request; without the wizard's entry, the rule for both kinds. */
const ruleText = (promise: RequestPromise | null, minutes: number) =>
  promise ? promiseRule(promise.emergency, minutes) : `${promiseRule(false, minutes)}; for an emergency, ${promiseRule(true)}`;

const nextSteps = (rule: string) => [
  { title: "We match you with licensed electricians", text: "Your job goes to vetted electricians who work in your area." },
  { title: "An electrician contacts you directly", text: `They call you ${rule}, to talk through the job.` },
  { title: "Your electrical work is booked in", text: "Agree on an upfront price and a time that suits you. No obligation until then." },
];

export function QuoteSuccessPage() {
  usePageMeta(PUBLIC_PAGES["/quote-success"]);
  const { sitePhone, contactPromiseMinutes } = usePublicConfig();
  const params = new URLSearchParams(useSearch());
  const reference = params.get("ref");
  const validReference = reference && /^AE-\d{4,6}E$/.test(reference) ? reference : null;
  const verified = params.get("verified") === "1";
  // Read once: the entry's state is this page's own (no history.state when rendered in Node).
  const [jobUrl] = useState(() => jobUrlInState(globalThis.history?.state));
  const [promise] = useState(() => promiseInState(globalThis.history?.state));
  const rule = ruleText(promise, contactPromiseMinutes);
  // Counted from now, the earliest anyone can take the job: the time a sale this minute would promise.
  const taken = promise && promiseBeforeSale(promise, new Date(), contactPromiseMinutes);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
        <div className="text-center">
          <CheckCircle2 className="mx-auto size-16 text-green-600" aria-hidden />
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">Electrical Quote Submitted!</h1>
          <p className="mx-auto mt-3 max-w-xl text-slate-600" data-testid="contact-promise">
            Thanks! We're matching you with licensed electricians near you. An electrician contacts you {rule}.
            {taken && (
              <>
                {" "}
                {taken.lead} <strong className="whitespace-nowrap text-slate-900">{taken.at}</strong>.
              </>
            )}
          </p>
          {validReference && (
            <p className="mt-4 inline-block rounded-lg bg-brand-50 px-4 py-2 text-sm text-brand-800">
              Your job reference: <strong className="font-mono">{validReference}</strong>
            </p>
          )}
          {verified && (
            <p className="mt-3 flex items-center justify-center gap-1.5 text-sm font-medium text-green-800">
              <ShieldCheck className="size-4" aria-hidden /> Mobile verified: electricians see your request is from a real customer.
            </p>
          )}
        </div>

        <TrackRequest jobUrl={jobUrl} />

        <section aria-labelledby="next-heading" className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
          <h2 id="next-heading" className="text-lg font-bold">
            What happens next?
          </h2>
          <ol className="mt-4 space-y-5">
            {nextSteps(rule).map(({ title, text }, i) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white" aria-hidden>
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold leading-snug">{title}</h3>
                  <p className="text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="why-heading" className="mt-6 rounded-2xl bg-brand-900 p-5 text-white sm:p-7">
          <h2 id="why-heading" className="text-lg font-bold">
            Why Aussie Electricians?
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            <li className="flex gap-3">
              <ShieldCheck className="size-5 shrink-0 text-spark-400" aria-hidden /> Verified, licensed electricians
            </li>
            <li className="flex gap-3">
              <Globe2 className="size-5 shrink-0 text-spark-400" aria-hidden /> Australia-wide coverage
            </li>
            <li className="flex gap-3">
              <Timer className="size-5 shrink-0 text-spark-400" aria-hidden /> Fast response, 24/7 emergencies
            </li>
          </ul>
        </section>

        <div className="mt-8 flex flex-col items-center gap-4">
          <a href={telHref(sitePhone)} className="flex items-center gap-2 font-semibold text-brand-700 hover:underline">
            <Phone className="size-4" aria-hidden /> Need it sooner? Call now: <span className="whitespace-nowrap">{sitePhone}</span>
          </a>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild variant="outline" size="lg">
              <Link href="/">Back to Home</Link>
            </Button>
            <Button asChild size="lg">
              <Link href="/get-quote">Get Another Quote</Link>
            </Button>
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}

/** The way back to the request: its own page when the wizard handed over the link, else the lookup. */
function TrackRequest({ jobUrl }: { jobUrl: string | null }) {
  return (
    <section
      aria-labelledby="track-heading"
      className="mt-8 rounded-2xl border-2 border-brand-100 bg-brand-50 p-5 text-center sm:p-7"
      data-testid="track-request"
    >
      <h2 id="track-heading" className="text-lg font-bold text-slate-900">
        {jobUrl ? "Follow your request" : "Looking for your request?"}
      </h2>
      <p className="mx-auto mt-1 max-w-lg text-sm text-slate-700">
        {jobUrl
          ? "See who takes your job, their licence and when they will call. The page updates by itself."
          : "Enter the mobile number you used and we'll text you a code to see your requests."}
      </p>
      <Button asChild size="lg" className="mt-4 w-full sm:w-auto">
        {jobUrl ? (
          <Link href={jobUrl}>
            <ListChecks aria-hidden /> Track your request
          </Link>
        ) : (
          <Link href={JOB_LOOKUP_PATH}>
            <Search aria-hidden /> Find my request
          </Link>
        )}
      </Button>
    </section>
  );
}
