import { Check } from "lucide-react";
import { cn } from "@/lib/utils";
import { QUOTE_STEP_TITLES } from "@shared/quote-form";

/** Sticky under the header so the progress stays in view on a phone. */
export function WizardProgress({ step }: { step: number }) {
  const total = QUOTE_STEP_TITLES.length;
  return (
    <div className="sticky top-16 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto max-w-5xl px-4 py-3">
        <p className="flex items-baseline justify-between text-sm" aria-live="polite">
          <span className="font-semibold text-slate-900">
            Step {step + 1} of {total}: {QUOTE_STEP_TITLES[step]}
          </span>
          <span className="text-slate-500">{Math.round(((step + 1) / total) * 100)}%</span>
        </p>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Quote progress"
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={step + 1}
          aria-valuetext={`Step ${step + 1} of ${total}`}
        >
          <div className="h-full rounded-full bg-brand-700 transition-all duration-300" style={{ width: `${((step + 1) / total) * 100}%` }} />
        </div>
        <ol className="mt-3 hidden grid-cols-4 gap-2 text-xs sm:grid">
          {QUOTE_STEP_TITLES.map((title, i) => (
            <li
              key={title}
              aria-current={i === step ? "step" : undefined}
              className={cn("flex items-center gap-2", i <= step ? "text-brand-800" : "text-slate-500")}
            >
              <span
                className={cn(
                  "flex size-6 shrink-0 items-center justify-center rounded-full border text-[11px] font-bold",
                  i < step && "border-brand-700 bg-brand-700 text-white",
                  i === step && "border-brand-700 text-brand-800",
                  i > step && "border-slate-300",
                )}
              >
                {i < step ? <Check className="size-3.5" aria-hidden /> : i + 1}
              </span>
              <span className="truncate">{title}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
