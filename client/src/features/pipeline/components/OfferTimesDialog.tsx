// The card's two booking dialogs (docs/decisions/102-booking-windows.md): "Offer times", one to four
// windows typed on the wall clock of the lead's state and checked as they are typed by the rules the
// server applies, and "Cancel booking" with the reason the customer is told.
import { useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { BOOKING_NOTE_MAX, WINDOW_MESSAGES, WINDOW_RULES, windowText, type CardBooking as Booking, type WindowInput } from "@shared/booking-windows";
import { firstNameOf } from "@shared/customer-name";
import type { PurchasedLead } from "@shared/pipeline";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { useCancelBooking, useOfferWindows } from "../api/booking-windows";
import {
  bookedFor,
  checkRows,
  emptyRow,
  mayAddRow,
  nextRow,
  rowSpan,
  serverProblems,
  tomorrowIn,
  zoneLabel,
  type RowField,
  type RowProblem,
} from "../booking-rows";
import { bookedAhead, windowSpan } from "../booking-rows";

/** A 409 naming a newer version (docs/decisions/037): who saved it, in the card's words; else the server's message. */
function writeError(err: unknown, kept: string): string {
  if (err instanceof ApiError && err.status === 409 && err.body?.current) {
    const savedBy = typeof err.body.savedBy === "string" ? err.body.savedBy : "Someone";
    return `${savedBy} saved a newer version of this job. ${kept}`;
  }
  return err instanceof Error ? err.message : "That did not go through. Try again.";
}

export function OfferTimesDialog({
  purchase,
  booking,
  state,
  onClose,
}: {
  purchase: PurchasedLead;
  booking: Booking;
  state: string | null;
  onClose: () => void;
}) {
  const offer = useOfferWindows(purchase.id);
  const queryClient = useQueryClient();
  // Moving a booked time still ahead asks why (the server requires it then); a past one does not move.
  const moving = bookedAhead(booking);
  const [rows, setRows] = useState<WindowInput[]>(() => [emptyRow(tomorrowIn(state, new Date()))]);
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  // The server's refusal, by row, until that row is typed in again.
  const [refused, setRefused] = useState<{ rows: RowProblem[][]; other: Record<string, string>; message: string | null }>({
    rows: [],
    other: {},
    message: null,
  });
  const formId = useId();
  const customer = firstNameOf(purchase.lead.customerName);
  const pipeline = queryClient.getQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads);
  const check = checkRows(rows, { state, now: new Date(), booked: bookedFor(purchase, pipeline), tried });
  const reasonMissing = moving && reason.trim() === "";

  const edit = (index: number, field: RowField, value: string) => {
    setRows((rs) => rs.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
    setRefused((r) => ({ ...r, rows: r.rows.map((p, i) => (i === index ? [] : p)) }));
  };
  const remove = (index: number) => {
    setRows((rs) => rs.filter((_, i) => i !== index));
    setRefused({ rows: [], other: {}, message: null });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!check.ready || reasonMissing) return;
    try {
      // The version the card shows now, as every card write sends (docs/decisions/037).
      await offer.mutateAsync({ windows: rows, ...(moving ? { reason: reason.trim() } : {}), version: purchase.version });
      toast({ title: WINDOW_MESSAGES.offered });
      onClose();
    } catch (err) {
      const byRow = err instanceof ApiError && err.status === 400 ? serverProblems(err.errors, rows.length) : { rows: [], other: {} };
      const named = byRow.rows.some((p) => p.length > 0) || Object.keys(byRow.other).length > 0;
      setRefused({ ...byRow, message: named && !byRow.other.version ? null : writeError(err, "Your times are kept: send them again.") });
    }
  }

  const reasonError = (tried && reasonMissing ? WINDOW_MESSAGES.reasonNeeded : null) ?? refused.other.reason ?? null;
  const otherErrors = Object.entries(refused.other).filter(([key]) => key !== "reason" && key !== "version");
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="offer-times">
        <DialogHeader>
          <DialogTitle>{moving ? "Move the booked time" : "Offer times to the customer"}</DialogTitle>
          <DialogDescription>
            {moving
              ? `${customer} is told the booked time has to move, and why, and picks one of these instead.`
              : `${customer} picks one on their job page and the job is Booked In for it. Offer 1 to ${WINDOW_RULES.maxWindows} windows of 1 to 4 hours.`}
            {/* The server withdraws the open offer when a new one goes (docs/decisions/102-booking-windows.md). */}
            {booking.offer?.status === "open" && " The times waiting for a pick now are withdrawn."}
          </DialogDescription>
        </DialogHeader>
        <form id={formId} onSubmit={submit} noValidate className="grid gap-3">
          <p className="text-sm font-semibold text-slate-900" data-testid="offer-zone">
            Times in {zoneLabel(state)}
          </p>
          {rows.map((row, index) => (
            <WindowRow
              key={index}
              index={index}
              row={row}
              state={state}
              problems={[...check.problems[index]!, ...(refused.rows[index] ?? [])]}
              onChange={(field, value) => edit(index, field, value)}
              onRemove={rows.length > 1 ? () => remove(index) : undefined}
            />
          ))}
          {mayAddRow(rows) && (
            <Button type="button" variant="outline" className="justify-self-start" onClick={() => setRows((rs) => [...rs, nextRow(rs)])}>
              <Plus aria-hidden /> Add another window
            </Button>
          )}
          {moving && (
            <div className="grid gap-1">
              <Label htmlFor={`${formId}-reason`}>Why does the time have to move?</Label>
              <Textarea
                id={`${formId}-reason`}
                value={reason}
                maxLength={BOOKING_NOTE_MAX}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${formId}-reason-error` : undefined}
                onChange={(e) => setReason(e.target.value)}
                placeholder="The customer reads this"
              />
              {reasonError && (
                <p id={`${formId}-reason-error`} className="text-sm text-red-700">
                  {reasonError}
                </p>
              )}
            </div>
          )}
          {(refused.message || otherErrors.length > 0) && (
            <div role="alert" className="grid gap-1 text-sm font-medium text-red-700" data-testid="offer-error">
              {refused.message && <p>{refused.message}</p>}
              {otherErrors.map(([key, message]) => (
                <p key={key}>{message}</p>
              ))}
            </div>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={offer.isPending}>
            {offer.isPending ? "Sending..." : moving ? "Send new times" : "Send times"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const FIELD_LABELS: Record<RowField, string> = { date: "Date", start: "From", end: "To" };

/** One window: its day, and from and to on the state's clock, with what is wrong with it under it. */
function WindowRow(props: {
  index: number;
  row: WindowInput;
  state: string | null;
  problems: RowProblem[];
  onChange: (field: RowField, value: string) => void;
  onRemove?: () => void;
}) {
  const { index, row, problems } = props;
  const id = useId();
  const number = index + 1;
  const errorId = `${id}-problems`;
  const wrong = (field: RowField) => problems.some((p) => p.field === field);
  const field = (name: RowField, type: "date" | "time") => (
    <div className={name === "date" ? "col-span-2 grid min-w-0 gap-1 sm:col-span-1" : "grid min-w-0 gap-1"}>
      <Label htmlFor={`${id}-${name}`}>
        {FIELD_LABELS[name]}
        <span className="sr-only"> (window {number})</span>
      </Label>
      <Input
        id={`${id}-${name}`}
        type={type}
        // Quarter hours (WINDOW_RULES.stepMinutes): the picker offers only those.
        step={type === "time" ? WINDOW_RULES.stepMinutes * 60 : undefined}
        className="min-w-0"
        value={props.row[name]}
        aria-invalid={wrong(name) ? true : undefined}
        aria-describedby={problems.length > 0 ? errorId : undefined}
        onChange={(e) => props.onChange(name, e.target.value)}
      />
    </div>
  );
  // What the customer will read for this row, once it stands: the check that the clock is the right one.
  const at = problems.length === 0 ? rowSpan(row, props.state) : null;
  const shown = at ? windowText(at, props.state) : null;
  return (
    <fieldset className="grid min-w-0 gap-2 rounded-lg border border-slate-200 bg-white p-3" data-testid="window-row">
      <div className="flex items-center justify-between gap-2">
        <legend className="float-left text-sm font-semibold text-slate-900">Window {number}</legend>
        {props.onRemove && (
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove window ${number}`} onClick={props.onRemove}>
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1.4fr_1fr_1fr]">
        {field("date", "date")}
        {field("start", "time")}
        {field("end", "time")}
      </div>
      {problems.length > 0 && (
        <ul id={errorId} className="grid gap-0.5 text-sm text-red-700" aria-live="polite" data-testid="window-problems">
          {[...new Set(problems.map((p) => p.message))].map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {shown && (
        <p className="text-xs text-slate-600" data-testid="window-preview">
          The customer sees: {shown}
        </p>
      )}
    </fieldset>
  );
}

export function CancelBookingDialog({
  purchase,
  booked,
  state,
  onClose,
}: {
  purchase: PurchasedLead;
  booked: { startsAt: string; endsAt: string };
  state: string | null;
  onClose: () => void;
}) {
  const cancel = useCancelBooking(purchase.id);
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const missing = reason.trim() === "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    try {
      await cancel.mutateAsync({ reason: reason.trim(), version: purchase.version });
      toast({ title: WINDOW_MESSAGES.cancelled });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError && err.errors?.reason ? err.errors.reason : writeError(err, "Check the card, then cancel again."));
    }
  }

  const reasonError = tried && missing ? WINDOW_MESSAGES.reasonNeeded : null;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Cancel the booking?</DialogTitle>
            <DialogDescription>
              {firstNameOf(purchase.lead.customerName)} is told by SMS that {windowText(windowSpan(booked), state)} is cancelled, with your reason.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-reason`}>Why is it cancelled?</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={BOOKING_NOTE_MAX}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {reasonError && (
              <p id={`${id}-reason-error`} className="text-sm text-red-700">
                {reasonError}
              </p>
            )}
          </div>
          {error && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Keep the booking
            </Button>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              {cancel.isPending ? "Cancelling..." : "Cancel booking"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
