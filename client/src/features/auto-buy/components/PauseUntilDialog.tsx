// "Pause until" a date and time, typed on Sydney's wall clock as every time on the dashboard is
// (docs/decisions/021-sydney-time.md); the order comes back by itself then.
import { useState, type FormEvent } from "react";
import { AUTO_BUY_MESSAGES } from "@shared/auto-buy-messages";
import { sydneyDayKey, sydneyInputValue, sydneyWallClockToInstant } from "@shared/sydney-time";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { DAY_MS } from "@shared/durations";

/** The instant a datetime-local value ("2026-11-24T06:00") means in Sydney, or null when it is not one. */
export function pauseInstant(value: string): Date | null {
  const [day, time] = value.split("T");
  if (!day || !time) return null;
  const instant = sydneyWallClockToInstant(day, time);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export function PauseUntilDialog({
  open,
  busy,
  error,
  onCancel,
  onPause,
}: {
  open: boolean;
  busy: boolean;
  /** The server's refusal, shown under the field. */
  error: string | null;
  onCancel: () => void;
  onPause: (until: Date) => void;
}) {
  // Tomorrow at 6 am suggests itself: the usual "back on the tools" time.
  const [value, setValue] = useState(() => `${sydneyDayKey(new Date(Date.now() + DAY_MS))}T06:00`);
  const [mine, setMine] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const until = pauseInstant(value);
    if (!until || until.getTime() <= Date.now()) return setMine(AUTO_BUY_MESSAGES.pausedUntil);
    setMine(null);
    onPause(until);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Pause until</DialogTitle>
          <DialogDescription>The order buys nothing until then, and starts again by itself. Sydney time.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate>
          <TextField
            id="auto-buy-pause-until"
            label="Start buying again on"
            type="datetime-local"
            value={value}
            min={sydneyInputValue(new Date())}
            onChange={(e) => setValue(e.target.value)}
            error={mine ?? error ?? undefined}
          />
          <DialogFormFooter onCancel={onCancel} busy={busy} submitLabel="Pause" busyLabel="Pausing..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
