import { useState } from "react";
import { BOOKING_NEEDS_A_TIME } from "@shared/pipeline-jobs";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface BookingDialogProps {
  open: boolean;
  jobReference: string;
  /** "Perth time (WA)": the lead's state's clock the time is typed on (DESIGN section 11). */
  zone: string;
  /** The time already typed or stored on the card ("2026-11-26T09:30"), if any. */
  initial: string;
  busy: boolean;
  onConfirm: (jobStartsAt: string) => void;
  onCancel: () => void;
}

/**
 * Moving a job to Booked In asks for its day and time first (docs/decisions/079-no-surprises-in-
 * the-pipeline.md): the customer is told "Your job is booked" with that time, never without one.
 */
export function BookingDialog({ open, jobReference, zone, initial, busy, onConfirm, onCancel }: BookingDialogProps) {
  const [at, setAt] = useState(initial);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>When is the job?</DialogTitle>
          <DialogDescription>
            {jobReference} moves to Booked In, and the customer is told the day and time by SMS. {BOOKING_NEEDS_A_TIME}.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1">
          <Label htmlFor="booking-at">Date and time, {zone}</Label>
          <Input id="booking-at" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!at || busy} onClick={() => onConfirm(at)}>
            Book in
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
