// "Did <business> reach you?" (docs/decisions/049-missed-promises-and-refunds.md): while the
// electrician's "customer unreachable" claim waits for the customer, the job page asks, and either
// answer keeps the job with them; no answer in 48 hours refunds them and closes the request.
import { MessageCircleQuestion } from "lucide-react";
import type { JobView } from "@shared/jobs";
import { Button } from "@/components/ui/button";
import { useStillNeed } from "./api/still-need";

/** The question, or null when the page has none to ask. */
export function stillNeedQuestion(view: Pick<JobView, "actions" | "electrician">): string | null {
  if (!view.actions.includes("still_need")) return null;
  const who = view.electrician?.businessName ?? view.electrician?.firstName ?? "your electrician";
  return `Did ${who} reach you?`;
}

export function StillNeed({ view, token }: { view: JobView; token: string }) {
  const answer = useStillNeed(token);
  const question = stillNeedQuestion(view);
  if (answer.data) {
    return (
      <p className="rounded-2xl border border-green-200 bg-green-50 p-4 text-green-900" role="status" data-testid="still-need-thanks">
        {answer.data.message}
      </p>
    );
  }
  if (!question) return null;
  return (
    <section aria-labelledby="still-need-heading" className="rounded-2xl border border-amber-300 bg-amber-50 p-5" data-testid="still-need">
      <h2 id="still-need-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <MessageCircleQuestion className="size-5 shrink-0 text-amber-700" aria-hidden />
        {question}
      </h2>
      <p className="mt-1 text-slate-700">They told us they tried to call you and couldn't get through. Let us know, so they can get on with your job.</p>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        <Button size="lg" disabled={answer.isPending} onClick={() => answer.mutate({})}>
          I still need an electrician
        </Button>
        <Button size="lg" variant="outline" disabled={answer.isPending} onClick={() => answer.mutate({ alreadySpoke: true })}>
          We already spoke
        </Button>
      </div>
      {answer.isError && (
        <p className="mt-3 text-sm text-red-700" role="alert">
          {answer.error instanceof Error ? answer.error.message : "That didn't go through. Please try again."}
        </p>
      )}
    </section>
  );
}
