// The customer's "why?" before a step they cannot undo on the job page (declining a quote,
// closing the request): big radio rows for the reasons, an optional note, keep or go ahead.
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** A failed request's message, in the server's words. */
export function ErrorLine({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="mt-2 text-sm font-medium text-red-700">
      {error instanceof Error ? error.message : "That did not go through. Try again."}
    </p>
  );
}

interface ReasonDialogProps<R extends string> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The question over the reasons, e.g. "Why are you declining?". */
  legend: string;
  /** Each reason's words, in the order shown. */
  reasons: Record<R, string>;
  noteLabel: string;
  noteMax: number;
  keepLabel: string;
  submitLabel: string;
  error: unknown;
  pending: boolean;
  onSubmit: (answer: { reason: R; note: string | null }) => void;
}

export function ReasonDialog<R extends string>(props: ReasonDialogProps<R>) {
  const [reason, setReason] = useState<R | null>(null);
  const [note, setNote] = useState("");
  const noteId = useId();
  const name = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason) props.onSubmit({ reason, note: note.trim() || null });
  };
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <form onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          <fieldset className="mt-4 space-y-2">
            <legend className="mb-2 font-semibold text-slate-900">{props.legend}</legend>
            {(Object.keys(props.reasons) as R[]).map((value) => (
              <label
                key={value}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 has-[:checked]:border-brand-600"
              >
                <input type="radio" name={name} value={value} checked={reason === value} onChange={() => setReason(value)} className="size-5" />
                <span>{props.reasons[value]}</span>
              </label>
            ))}
          </fieldset>
          <label htmlFor={noteId} className="mt-4 block font-semibold text-slate-900">
            {props.noteLabel}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={props.noteMax}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
            className="mt-1 w-full rounded-xl border border-slate-300 p-3 text-base"
          />
          <ErrorLine error={props.error} />
          <DialogFooter className="mt-4">
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {props.keepLabel}
            </Button>
            <Button type="submit" variant="destructive" disabled={!reason || props.pending}>
              {props.submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
