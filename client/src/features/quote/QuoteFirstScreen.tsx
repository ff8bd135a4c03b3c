// The wizard's step after Next, rendered by the server before the app is ready
// (docs/decisions/100-the-wizards-next-before-the-app.md): step 1's form is sent to the server,
// which answers with step 2 (or step 1 again with its messages) drawn by these same step
// components, so the app's screen that takes its place looks the same. Only the SSR build
// (client/src/first-screen.tsx) imports it: nothing here reaches the browser's bundles. Its
// frame is QuotePage's, kept in step with it by e2e/slow-phone-wizard.test.ts (the fields are
// matched by place at the hand-over: client/src/lib/first-screen.ts).
import { ArrowLeft, ArrowRight, Clock, Phone, ShieldCheck, Star } from "lucide-react";
import { FormProvider, useForm, type FieldErrors } from "react-hook-form";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { telHref } from "@/lib/format";
import { usePublicConfig } from "@/lib/use-public-config";
import type { QuoteRequest, QuoteRequestInput } from "@shared/leads";
import { QUOTE_FORM_DEFAULTS, QUOTE_STEP_TITLES } from "@shared/quote-form";
import { PhotoField } from "./PhotoField";
import { PropertyBudgetStep, WorkDetailsStep } from "./QuoteSteps";
import { WizardProgress } from "./WizardProgress";

export interface QuoteFirstScreenProps {
  /** 0: step 1 again, with its messages; 1: step 2. */
  step: 0 | 1;
  values: Partial<QuoteRequestInput>;
  errors: Record<string, string>;
}

export function QuoteFirstScreen({ step, values, errors }: QuoteFirstScreenProps) {
  const { sitePhone } = usePublicConfig();
  const fieldErrors = Object.fromEntries(
    Object.entries(errors).map(([name, message]) => [name, { type: "server", message }]),
  ) as FieldErrors<QuoteRequestInput>;
  const form = useForm<QuoteRequestInput, unknown, QuoteRequest>({ defaultValues: { ...QUOTE_FORM_DEFAULTS, ...values }, errors: fieldErrors });
  const StepFields = step === 0 ? WorkDetailsStep : PropertyBudgetStep;
  return (
    <PublicLayout>
      <WizardProgress step={step} />
      <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_280px]">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Get Your Free Electrical Services Quote</h1>
          <p className="mt-1 text-slate-600">Free, no obligation. Takes about 60 seconds.</p>
          <FormProvider {...form}>
            {/* Step 1 shown again goes to the server again; step 2's Next is held by the early-input script until the app carries it out (docs/decisions/092-first-screen-from-the-server.md). */}
            <form
              method="post"
              action="/get-quote"
              data-server-answers={step === 0 ? "" : undefined}
              noValidate
              className="relative mt-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
            >
              <h2 className="mb-5 text-lg font-bold text-slate-900">{QUOTE_STEP_TITLES[step]}</h2>
              <StepFields />
              <PhotoField first={step === 0} waiting={false} />
              <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-100 pt-5">
                {/* Until the app takes over, the early-input script makes it the browser's Back (server/platform/http/early-input.ts). */}
                <Button type="button" variant="outline" disabled={step === 0} data-history-back="">
                  <ArrowLeft aria-hidden /> Back
                </Button>
                <Button type="submit" className="min-w-32">
                  Next <ArrowRight aria-hidden />
                </Button>
              </div>
            </form>
          </FormProvider>
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
            <span>
              Prefer to talk? Call <span className="whitespace-nowrap">{sitePhone}</span>
            </span>
          </a>
        </aside>
      </div>
    </PublicLayout>
  );
}
