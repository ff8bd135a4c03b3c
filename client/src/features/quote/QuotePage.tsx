// /get-quote: the four-step electrical quote wizard (docs/product.md sections 2, 4, 5 and 7).
import { ArrowLeft, ArrowRight, Clock, MapPin, Phone, ShieldCheck, Star } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { FormProvider, useForm, type FieldPath } from "react-hook-form";
import { useLocation, useSearch } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { usePublicConfig } from "@/lib/use-public-config";
import { trackEvent } from "@/lib/analytics";
import { ApiError } from "@/lib/api-client";
import { telHref } from "@/lib/format";
import { lazyResolver } from "@/lib/lazy-resolver";
import { usePageMeta } from "@/lib/seo";
import { PUBLIC_PAGES } from "@shared/seo";
import type { QuoteRequest, QuoteRequestInput } from "@shared/leads";
import { formatAustralianPhone } from "@shared/phone";
import { QUOTE_FORM_DEFAULTS, QUOTE_FORM_EVENT, QUOTE_STEP_FIELDS, QUOTE_STEP_TITLES } from "@shared/quote-form";
import { ALREADY_BOUGHT, ALREADY_CLOSED } from "@shared/close-messages";
import { useSubmitQuote } from "./api/submit-quote";
import { withdrawRequest } from "./api/withdraw-request";
import { propertyAddressOf } from "./address-once";
import { clearDraft, deviceStorage, readDraft, saveDraft } from "./draft";
import { loadPhotos, PhotoField } from "./PhotoField";
import { prefilledLocation } from "./prefill";
import { PrivacyNotice } from "./PrivacyNotice";
import { requestPromise, successPage } from "./success-link";
import { ContactStep, PropertyBudgetStep, SchedulingStep, WorkDetailsStep } from "./QuoteSteps";
import { VerifyPhoneStep, type PendingVerification } from "./VerifyPhoneStep";
import { WizardProgress } from "./WizardProgress";

export const SCROLL_DELAY_MS = 100;

interface Sent {
  jobReference: string;
  jobUrl: string;
  pending: PendingVerification | null;
}
const STEPS = [WorkDetailsStep, PropertyBudgetStep, SchedulingStep, ContactStep];
const LAST_STEP = STEPS.length - 1;

/**
 * Each step is an entry in the browser's history (docs/decisions/036): Back and Forward move
 * between steps, and a reload finds the step in history.state. The address stays the same,
 * so a reload still gets the page rendered at build time.
 */
const stepInHistory = (): number => {
  const saved = (window.history.state as { quoteStep?: unknown } | null)?.quoteStep;
  return typeof saved === "number" && saved >= 0 && saved <= LAST_STEP ? saved : 0;
};
const recordStep = (quoteStep: number, how: "pushState" | "replaceState") => window.history[how]({ ...(window.history.state as object | null), quoteStep }, "");

const quoteResolver = lazyResolver(async () => {
  const [{ zodResolver }, { quoteRequestSchema }] = await Promise.all([import("@hookform/resolvers/zod"), import("@shared/leads")]);
  return zodResolver(quoteRequestSchema);
});

export function QuotePage() {
  usePageMeta(PUBLIC_PAGES["/get-quote"]);
  const search = useSearch();
  const prefill = useMemo(() => prefilledLocation(search), [search]);
  const [, navigate] = useLocation();
  const { sitePhone } = usePublicConfig();
  const [step, setStep] = useState(0);
  const submit = useSubmitQuote();
  // After the last step: the quote is in and on sale; the mobile check may follow.
  const [sent, setSent] = useState<Sent | null>(null);
  // The request sent with a mobile the customer says is wrong, while they correct it (docs/decisions/086).
  const [mistyped, setMistyped] = useState<Sent | null>(null);
  const toSuccess = (jobReference: string, jobUrl: string, verified = false) =>
    navigate(...successPage(jobReference, jobUrl, verified, requestPromise(form.getValues())));

  const form = useForm<QuoteRequestInput, unknown, QuoteRequest>({
    resolver: quoteResolver,
    defaultValues: { ...QUOTE_FORM_DEFAULTS, serviceLocation: prefill.text },
    mode: "onTouched",
  });

  // After hydration, so the first render matches the build-time HTML: the answers kept on the
  // device and the step in history. What the visitor typed before the app took over is put back
  // after this (the early-input script: server/platform/http/early-input.ts), so it wins over
  // older answers.
  useEffect(() => {
    const draft = readDraft(deviceStorage(), Date.now());
    if (draft) {
      form.reset({ ...QUOTE_FORM_DEFAULTS, ...draft, ...(prefill.text ? { serviceLocation: prefill.text } : {}) });
      setStep(stepInHistory());
    }
    const keep = form.watch((values) => saveDraft(deviceStorage(), values, Date.now()));
    const onHistory = () => setStep(stepInHistory());
    window.addEventListener("popstate", onHistory);
    return () => {
      keep.unsubscribe();
      window.removeEventListener("popstate", onHistory);
    };
    // Once per visit of the page: the prefill is read from the address it was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);

  // Each new step starts at the top, once it has rendered. Not the page as the app takes it over:
  // it loaded at the top, and a person who has scrolled down to Next since (the first steps work
  // before the app, docs/decisions/036) would see it jump away from under their thumb.
  const tookOver = useRef(false);
  useEffect(() => {
    if (!tookOver.current) {
      tookOver.current = true;
      return;
    }
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: "auto" }), SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step, sent]);

  // "Wrong number? Change it": back to the mobile, selected so typing replaces it.
  useEffect(() => {
    if (mistyped) form.setFocus("customerPhone", { shouldSelect: true });
  }, [form, mistyped]);
  const changeNumber = () => {
    setMistyped(sent);
    setSent(null);
    recordStep(LAST_STEP, "replaceState");
    setStep(LAST_STEP);
  };
  const keepNumber = () => {
    setSent(mistyped);
    setMistyped(null);
  };

  const next = async () => {
    const valid = await form.trigger([...QUOTE_STEP_FIELDS[step]!], { shouldFocus: true });
    if (!valid) return;
    const nextStep = Math.min(LAST_STEP, step + 1);
    recordStep(nextStep, "pushState");
    setStep(nextStep);
  };

  const send = form.handleSubmit(async (quote) => {
    // Photos still going up are waited for; without the photos' chunk (offline) the quote goes without them.
    const photos = await loadPhotos().then(
      (m) => m.quotePhotos,
      () => null,
    );
    await photos?.settled();
    // The request with the wrong mobile comes off sale before the corrected one is sent, and only
    // while no electrician has bought it: a bought one is its buyer's job, and its page shows the
    // customer who took it (docs/decisions/086). Any other failure sends nothing, so no copy is left on sale twice.
    if (mistyped) {
      const withdrawn = await withdrawRequest(mistyped.jobUrl).then(
        () => "withdrawn" as const,
        (err: unknown) => err,
      );
      if (withdrawn instanceof ApiError && withdrawn.message === ALREADY_BOUGHT) {
        toast({ title: "Your request was taken", description: withdrawn.message });
        setMistyped(null);
        return toSuccess(mistyped.jobReference, mistyped.jobUrl);
      }
      if (withdrawn !== "withdrawn" && !(withdrawn instanceof ApiError && withdrawn.message === ALREADY_CLOSED)) {
        toast({ variant: "destructive", title: "Error", description: "Failed to submit electrical quote request. Please try again." });
        return;
      }
      setMistyped(null);
    }
    try {
      // The one address question fills the API's property address too (./address-once.ts).
      const customerAddress = propertyAddressOf(quote.serviceLocation);
      const { jobReference, jobUrl, verification, devCode } = await submit.mutateAsync({ ...quote, customerAddress, photoIds: photos?.ids() ?? [] });
      // Sent: the answers and photos kept on the device go (docs/decisions/036).
      clearDraft(deviceStorage());
      photos?.clear();
      void trackEvent(QUOTE_FORM_EVENT, {
        serviceType: quote.serviceType,
        propertyType: quote.propertyType,
        urgency: quote.urgency,
        budgetRange: quote.budgetRange,
        timeframe: quote.timeframe,
        hasExistingElectrician: quote.hasExistingElectrician,
        isFlexibleDates: quote.isFlexibleDates,
        electricalWorkLength: quote.electricalWork.length,
      });
      // No code was sent (a landline, or the number's limit): straight to the success page.
      if (verification) setSent({ jobReference, jobUrl, pending: { verification, phone: quote.customerPhone, devCode } });
      else toSuccess(jobReference, jobUrl);
    } catch (err) {
      // Field errors from the server go under their fields, on the step that holds them.
      if (err instanceof ApiError && err.errors) {
        const fields = Object.entries(err.errors);
        for (const [name, message] of fields) form.setError(name as FieldPath<QuoteRequestInput>, { message });
        const firstStep = QUOTE_STEP_FIELDS.findIndex((group) => fields.some(([name]) => (group as readonly string[]).includes(name)));
        if (firstStep >= 0) {
          recordStep(firstStep, "replaceState");
          setStep(firstStep);
        }
      }
      // Past the form's or the SMS limits the server's own words say when to try again.
      const description = err instanceof ApiError && err.status === 429 ? err.message : "Failed to submit electrical quote request. Please try again.";
      toast({ variant: "destructive", title: "Error", description });
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < LAST_STEP) void next();
    else void send(event);
  };

  const StepFields = STEPS[step]!;
  const submitting = submit.isPending || form.formState.isSubmitting;

  return (
    <PublicLayout>
      {/* The four steps are done once the code step shows. */}
      {!sent && <WizardProgress step={step} />}
      <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_280px]">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Get Your Free Electrical Services Quote</h1>
          <p className="mt-1 text-slate-600">Free, no obligation. Takes about 60 seconds.</p>
          {prefill.banner && (
            <p className="mt-4 flex items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800" role="status">
              <MapPin className="size-4 shrink-0" aria-hidden /> Service location: {prefill.text}
            </p>
          )}
          {sent?.pending ? (
            <VerifyPhoneStep pending={sent.pending} onDone={(verified) => toSuccess(sent.jobReference, sent.jobUrl, verified)} onChangeNumber={changeNumber} />
          ) : (
            <FormProvider {...form}>
              <form
                method="post"
                action="/get-quote"
                onSubmit={onSubmit}
                onFocus={quoteResolver.preload}
                noValidate
                className="relative mt-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
              >
                <h2 className="mb-5 text-lg font-bold text-slate-900">{QUOTE_STEP_TITLES[step]}</h2>
                {mistyped?.pending && (
                  <div className="mb-5 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900" role="status">
                    <p>
                      Correct your mobile and press Get Free Quote: we text a new code to it and withdraw the request sent to{" "}
                      <strong className="whitespace-nowrap">{formatAustralianPhone(mistyped.pending.phone)}</strong>.
                    </p>
                    <Button type="button" variant="link" className="-ml-3 min-h-11 px-3" onClick={keepNumber}>
                      Keep {formatAustralianPhone(mistyped.pending.phone)}
                    </Button>
                  </div>
                )}
                <StepFields />
                <PhotoField first={step === 0} waiting={submitting} />
                {step === LAST_STEP && <PrivacyNotice />}
                <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-100 pt-5">
                  <Button type="button" variant="outline" onClick={() => window.history.back()} disabled={step === 0 || submitting}>
                    <ArrowLeft aria-hidden /> Back
                  </Button>
                  {step < LAST_STEP ? (
                    <Button type="submit" className="min-w-32">
                      Next <ArrowRight aria-hidden />
                    </Button>
                  ) : (
                    <Button type="submit" variant="spark" className="min-w-40" disabled={submitting}>
                      {submitting ? "Submitting..." : "Get Free Quote"}
                    </Button>
                  )}
                </div>
              </form>
            </FormProvider>
          )}
        </div>
        <aside className="space-y-4 lg:pt-24" aria-label="Why request a quote with us">
          <ul className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
            <li className="flex gap-3">
              <ShieldCheck className="size-5 shrink-0 text-brand-700" aria-hidden /> Licensed &amp; insured electricians only
            </li>
            <li className="flex gap-3">
              <Clock className="size-5 shrink-0 text-brand-700" aria-hidden /> We tell you who will call, and by when
            </li>
            <li className="flex gap-3">
              <Star className="size-5 shrink-0 fill-spark-400 text-spark-500" aria-hidden /> Ratings only from real customers' jobs
            </li>
          </ul>
          <a
            href={telHref(sitePhone)}
            className="flex items-center justify-center gap-2 rounded-2xl bg-brand-900 p-4 text-center font-semibold text-white hover:bg-brand-800"
          >
            <Phone className="size-4 shrink-0" aria-hidden />
            {/* The number never breaks across lines. */}
            <span>
              Prefer to talk? Call <span className="whitespace-nowrap">{sitePhone}</span>
            </span>
          </a>
        </aside>
      </div>
    </PublicLayout>
  );
}
