// What the customer can do about their request after it is sold (docs/decisions/049-missed-
// promises-and-refunds.md): "No one has contacted me" once the promise has passed, and closing
// the request; and what came of either. The server decides what is open (`actions`); each
// button asks for a confirmation, then the page shows what happens next.
import { PhoneOff, XCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CLOSE_NOTE_MAX, CLOSE_REASON_LABELS, type CloseReason } from "@shared/job-aftercare";
import type { JobView } from "@shared/jobs";
import { promiseAfterSale } from "@shared/contact-promise-words";
import { useCloseRequest, useReportNotContacted } from "./api/actions";
import { formatJobDate } from "./job-format";
import { ErrorLine, ReasonDialog } from "./ReasonDialog";

const nameOf = (view: JobView) => view.electrician?.businessName ?? view.electrician?.firstName ?? "Your electrician";

/** Once the promise has passed with nothing logged: the customer says so, and the job goes to someone else. */
export function NotContactedAction({ token, view, now }: { token: string; view: JobView; now: Date }) {
  const [confirming, setConfirming] = useState(false);
  const report = useReportNotContacted(token);
  const name = nameOf(view);
  const due = view.contactBy ? promiseAfterSale(new Date(view.contactBy), view.state, now) : null;
  return (
    <section aria-labelledby="not-contacted-heading" className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950" data-testid="not-contacted">
      <h2 id="not-contacted-heading" className="text-lg font-bold">
        Haven't heard from {name}?
      </h2>
      <p className="mt-1">
        {due ? `${due.lead} ${due.at}. ` : ""}If no one has called or messaged you, tell us and we'll offer your job to other licensed electricians near you
        straight away.
      </p>
      <Button size="lg" className="mt-4 min-h-14 w-full text-base" onClick={() => setConfirming(true)}>
        <PhoneOff aria-hidden /> No one has contacted me
      </Button>
      <ErrorLine error={report.error} />
      <ConfirmDialog
        open={confirming}
        title="No one has contacted you?"
        description={`We'll take your job back from ${name} and offer it to other licensed electricians near you now, and text you when one takes it. If ${name} logged calls or messages to you, our team checks both sides first.`}
        confirmLabel="Yes, no one has contacted me"
        busy={report.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => report.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </section>
  );
}

const REPORT_OUTCOME_TEXT = {
  relisted:
    "We've taken your job back from the electrician who didn't contact you. Other licensed electricians near you can see it now, and we'll text you when one takes it.",
  reviewing: "Thanks for telling us. Your electrician logged attempts to reach you, so our team is checking both sides and will be in touch.",
  upheld: "Our team looked into it and agreed no one contacted you. It is on the electrician's record.",
  dismissed: "Our team looked into it and found your electrician did try to reach you. Use the Call button to reach them.",
} as const;

/** What came of "No one has contacted me". */
export function NotContactedNotice({ report }: { report: NonNullable<JobView["notContacted"]> }) {
  return (
    <p role="status" className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-800 shadow-sm" data-testid="not-contacted-outcome">
      {REPORT_OUTCOME_TEXT[report.outcome]}
    </p>
  );
}

/** Closing the request: a reason, an optional note, a last "are you sure". */
export function CloseRequestAction({ token, sold }: { token: string; sold: boolean }) {
  const [open, setOpen] = useState(false);
  const close = useCloseRequest(token);
  return (
    <div className="px-1">
      <Button variant="outline" className="min-h-12 w-full" onClick={() => setOpen(true)}>
        <XCircle aria-hidden /> Close my request
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Close your request?"
        description={
          sold
            ? "Your electrician will be told you no longer need them for this job. You can't reopen it here."
            : "Electricians will no longer see your job. You can't reopen it here."
        }
        legend="Why are you closing it?"
        reasons={CLOSE_REASON_LABELS}
        noteLabel="Anything else? (optional)"
        noteMax={CLOSE_NOTE_MAX}
        keepLabel="Keep it open"
        submitLabel="Close my request"
        error={close.error}
        pending={close.isPending}
        onSubmit={({ reason, note }) => close.mutate({ reason, note: note ?? undefined }, { onSuccess: () => setOpen(false) })}
      />
    </div>
  );
}

const CLOSED_BECAUSE: Record<CloseReason, string> = {
  found_someone: "you found someone else",
  no_longer_needed: "you no longer need the work",
  other: "for another reason",
};

/** The customer closed it: when, and why. */
export function ClosedNotice({ view }: { view: JobView }) {
  if (!view.closure) return null;
  return (
    <p role="status" className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-800 shadow-sm" data-testid="closed-by-you">
      You closed this request on {formatJobDate(view.closure.at, view.state)}: {CLOSED_BECAUSE[view.closure.reason]}.
    </p>
  );
}
