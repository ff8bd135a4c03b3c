// What the paperwork's clocks start from (docs/decisions/105-paperwork-on-the-card.md): the test,
// read from the test record; the state's marks about the work; and when the work was completed and
// the installation energised, typed on the lead's state's clock (DESIGN section 11) and kept on the
// device until saved, as the test results are (the card's draft store).
import type { WorkMark } from "@shared/compliance-documents";
import type { PaperworkView } from "@shared/paperwork";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useSavePaperwork } from "../api/paperwork";
import { useKeptDraft } from "../card-draft";
import { zoneLabel } from "../booking-rows";
import { draftOf, errorText, eventInputs, messagesFor, refusedParts, sameDraft, saveBody, type PaperworkDraft, type StateTimeInput } from "../paperwork-view";

interface Props {
  purchaseId: number;
  userId: number;
  view: PaperworkView;
  id: string;
}

interface EventInputProps {
  id: string;
  label: string;
  value: StateTimeInput;
  onChange: (v: StateTimeInput) => void;
  /** The refused save: its messages about this event show under the event's inputs. */
  error: unknown;
  field: "completion" | "energised";
}

function EventInput({ id, label, value, onChange, error, field }: EventInputProps) {
  const problems = messagesFor(error, field);
  const refused = refusedParts(error, field);
  const errorId = `${id}-error`;
  const described = problems.length > 0 ? errorId : undefined;
  return (
    <fieldset className="grid min-w-0 gap-1">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        <Input
          type="date"
          aria-label={`${label}: date`}
          value={value.date}
          aria-invalid={refused.date}
          aria-describedby={described}
          onChange={(e) => onChange({ ...value, date: e.target.value })}
        />
        <Input
          type="time"
          aria-label={`${label}: time`}
          value={value.time}
          aria-invalid={refused.time}
          aria-describedby={described}
          onChange={(e) => onChange({ ...value, time: e.target.value })}
        />
      </div>
      {problems.length > 0 && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problems.join(" ")}
        </p>
      )}
    </fieldset>
  );
}

export function PaperworkEvents({ purchaseId, userId, view, id }: Props) {
  const kept = useKeptDraft<PaperworkDraft>(userId, purchaseId, "paperwork");
  const save = useSavePaperwork(purchaseId);
  const saved = draftOf(view);
  const draft = kept.kept?.typed ?? saved;
  const version = kept.kept?.version ?? view.version;
  const edit = (next: PaperworkDraft) => kept.keep(next, version);
  const changed = kept.kept !== null && !sameDraft(draft, saved);
  const stale = kept.kept !== null && kept.kept.version !== view.version;
  const asks = eventInputs(view.documents);
  const markProblems = messagesFor(save.error, "marks");
  // A message shown under its inputs is not said again under the Save button.
  const named = [...markProblems, ...messagesFor(save.error, "completion"), ...messagesFor(save.error, "energised")].length > 0;
  const toggle = (mark: WorkMark, on: boolean) => edit({ ...draft, marks: on ? [...draft.marks, mark] : draft.marks.filter((m) => m !== mark) });
  const onSave = () => save.mutate(saveBody(draft, version), { onSuccess: kept.clear });

  return (
    <div className="grid gap-3">
      <p className={view.events.test.text ? "text-sm text-slate-800" : "text-sm text-amber-800"} data-testid="paperwork-tested">
        {view.events.test.text ? `Tested ${view.events.test.text}` : "Not tested yet: mark the test results tested"}
      </p>
      {asks.start && (
        <p className="text-sm text-slate-800">
          {view.events.start.text ? `Work starts ${view.events.start.text}` : "No start booked yet: book the job to start that clock"}
        </p>
      )}
      {stale && (
        <div role="alert" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>Someone saved this job's paperwork since you typed. What you typed is kept here: save it over theirs, or discard it to see theirs.</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => {
                save.reset();
                kept.keep(draft, view.version);
              }}
            >
              Keep mine
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                save.reset();
                kept.clear();
              }}
            >
              Discard mine
            </Button>
          </div>
        </div>
      )}
      {view.markOptions.length > 0 && (
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-slate-800">The work</legend>
          <div className="mt-1 grid gap-1">
            {view.markOptions.map(({ mark, label }) => (
              <label key={mark} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-700"
                  checked={draft.marks.includes(mark)}
                  onChange={(e) => toggle(mark, e.target.checked)}
                />
                {label}
              </label>
            ))}
          </div>
          {markProblems.length > 0 && (
            <p role="alert" className="text-sm text-red-700">
              {markProblems.join(" ")}
            </p>
          )}
        </fieldset>
      )}
      {(asks.completion || asks.energised) && <p className="text-xs text-slate-500">Times are {zoneLabel(view.state)}.</p>}
      {asks.completion && (
        <EventInput
          id={`${id}-completion`}
          label="Work completed"
          value={draft.completion}
          onChange={(completion) => edit({ ...draft, completion })}
          error={save.error}
          field="completion"
        />
      )}
      {asks.energised && (
        <EventInput
          id={`${id}-energised`}
          label="Energised"
          value={draft.energised}
          onChange={(energised) => edit({ ...draft, energised })}
          error={save.error}
          field="energised"
        />
      )}
      {(view.markOptions.length > 0 || asks.completion || asks.energised) && (
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={onSave} disabled={!changed || save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
          {changed && (
            <span className="text-xs text-amber-700" data-testid="unsaved-paperwork">
              Unsaved (kept on this device)
            </span>
          )}
        </div>
      )}
      {/* A 409 reads the paperwork again: the notice above says so, with the choice to make. */}
      {save.isError && !named && !stale && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(save.error)}
        </p>
      )}
    </div>
  );
}
