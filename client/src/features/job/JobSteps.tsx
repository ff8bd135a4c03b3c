// Where the request stands, as a short list of steps with the time each was reached.
import { Check, CircleSlash } from "lucide-react";
import type { JobView } from "@shared/jobs";
import { cn } from "@/lib/utils";
import { formatJobDayTime, jobSteps } from "./job-format";

export function JobSteps({ view }: { view: Pick<JobView, "status" | "timeline" | "state"> }) {
  const steps = jobSteps(view);
  return (
    <section aria-labelledby="job-steps-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="job-steps-heading" className="text-base font-bold text-slate-900">
        Progress
      </h2>
      <ol className="mt-4" data-testid="job-steps">
        {steps.map((step, i) => (
          <li
            key={step.status}
            aria-current={step.state === "current" ? "step" : undefined}
            data-state={step.state}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            {i < steps.length - 1 && (
              <span
                aria-hidden
                className={cn("absolute left-3 top-7 -bottom-0 w-0.5 -translate-x-1/2", step.state === "done" ? "bg-green-600" : "bg-slate-200")}
              />
            )}
            <span
              aria-hidden
              className={cn(
                "relative flex size-6 shrink-0 items-center justify-center rounded-full border-2",
                step.state === "done" && "border-green-600 bg-green-600 text-white",
                step.state === "current" && (step.status === "closed" ? "border-slate-500 bg-slate-500 text-white" : "border-brand-700 bg-white"),
                step.state === "todo" && "border-slate-300 bg-white",
              )}
            >
              {step.state === "done" && <Check className="size-4" strokeWidth={3} />}
              {step.state === "current" && step.status !== "closed" && <span className="size-2.5 rounded-full bg-brand-700" />}
              {step.status === "closed" && <CircleSlash className="size-4" />}
            </span>
            <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-x-3">
              <span className={cn("leading-6", step.state === "todo" ? "text-slate-500" : "font-semibold text-slate-900")}>
                {step.label}
                <span className="sr-only">{step.state === "done" ? " (done)" : step.state === "current" ? " (now)" : " (to come)"}</span>
              </span>
              {step.at && (
                <time dateTime={step.at} className="text-sm text-slate-600">
                  {formatJobDayTime(step.at, view.state)}
                </time>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
