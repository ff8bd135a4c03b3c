import { startOfSydneyDay } from "@shared/sydney-time";
import { Button } from "@/components/ui/button";
import { formatMoney, formatSydneyDate } from "@/lib/format";
import type { CardField, DraftConflict } from "../card-draft";
import { jobStartOnStateClock } from "@shared/job-clock";
import { formatStateDateTime } from "@shared/state-time-text";

const LABELS: Record<CardField, string> = {
  salesNotes: "Notes",
  quotePrice: "Quote price",
  customerPaymentAmount: "Payment amount",
  jobStartsAt: "Job date",
  followUpOn: "Follow up on",
};

function shown(field: CardField, value: string, state: string | null) {
  if (!value) return "none";
  if (field === "quotePrice" || field === "customerPaymentAmount") return formatMoney(value);
  if (field === "jobStartsAt") return formatStateDateTime(jobStartOnStateClock(value, state), state);
  if (field === "followUpOn") return formatSydneyDate(startOfSydneyDay(value));
  return value;
}

/**
 * Someone saved this card while this person was typing (decision 031): their newer values
 * are shown here; what this person typed stays in the inputs below, to merge and save.
 */
/** `state`: the lead's, whose clock the job's time is typed on (DESIGN section 11). */
export function ConflictNotice({
  conflict,
  fields,
  state,
  onDismiss,
}: {
  conflict: DraftConflict;
  fields: CardField[];
  state: string | null;
  onDismiss: () => void;
}) {
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="save-conflict">
      <p className="font-semibold">{conflict.savedBy ?? "Someone"} saved a newer version. Yours is kept below: merge and save.</p>
      <dl className="grid gap-1">
        {fields.map((field) => (
          <div key={field} className="min-w-0">
            <dt className="font-medium">Their {LABELS[field].toLowerCase()}:</dt>
            <dd className="break-words whitespace-pre-wrap">{shown(field, conflict.theirs[field], state)}</dd>
          </div>
        ))}
      </dl>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={onDismiss}>
        Got it
      </Button>
    </div>
  );
}
