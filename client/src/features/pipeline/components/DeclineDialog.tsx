import { useState } from "react";
import { DECLINE_REASON_LABELS, DECLINE_REASONS, type DeclineReason } from "@shared/pipeline-jobs";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface DeclineDialogProps {
  open: boolean;
  jobReference: string;
  busy: boolean;
  onConfirm: (reason: DeclineReason, note: string) => void;
  onCancel: () => void;
}

/** Moving a job to Declined asks why (docs/decisions/031): one of four reasons, "Other" with words. */
export function DeclineDialog({ open, jobReference, busy, onConfirm, onCancel }: DeclineDialogProps) {
  const [reason, setReason] = useState<DeclineReason | null>(null);
  const [note, setNote] = useState("");
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Why did the customer decline?</DialogTitle>
          <DialogDescription>{jobReference} moves to Declined. The reason is kept in the history and the export.</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="sr-only">Reason</legend>
          {DECLINE_REASONS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 has-[:checked]:border-brand-600">
              <input type="radio" name="decline-reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="size-4" />
              {DECLINE_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {reason === "other" && (
          <div>
            <Label htmlFor="decline-note">What happened? (optional)</Label>
            <Input id="decline-note" maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!reason || busy} onClick={() => reason && onConfirm(reason, reason === "other" ? note.trim() : "")}>
            Decline job
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
