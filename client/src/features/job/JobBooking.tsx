// The times on the customer's job page (docs/decisions/102-booking-windows.md): the windows the
// electrician offered, each a big choice a thumb hits, Confirm to book one (it is booked at
// once), or "None of these suit" with what would; once booked, the time and "I need another
// time". Times are the wall clock of the request's state, as the SMS says them. The buttons show
// only while the server lists their action. Types only from the schemas: the job page's chunk
// carries no Zod (docs/decisions/047).
import { CalendarPlus, CheckCircle2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import type { JobView } from "@shared/jobs";
import { Button } from "@/components/ui/button";
import { useAskOtherTimes, useAskToMove, usePickWindow } from "./api/booking";
import { BOOKING_WORDS, lastChangeText, NOTE_MAX, windowWords } from "./booking-text";
import { ErrorLine } from "./ReasonDialog";

const whoOf = (view: JobView) => view.electrician?.businessName ?? view.electrician?.firstName ?? "Your electrician";
/** "Times are WA time": the customer's own clock, named, as the page is often read elsewhere. */
const clockOf = (view: JobView) => (view.state ? `Times are ${view.state} time.` : "");

export function JobBooking({ token, view }: { token: string; view: JobView }) {
  const booking = view.booking;
  if (!booking) return null;
  const picking = view.actions.includes("pick_window") && booking.windows.length > 0;
  const booked = booking.booked;
  if (!picking && !booked && !booking.lastChange) return null;
  return (
    <section
      aria-labelledby="booking-heading"
      className={`rounded-2xl border p-5 shadow-sm ${picking ? "border-brand-200 bg-brand-50/60" : "border-slate-200 bg-white"}`}
      data-testid="job-booking"
    >
      <h2 id="booking-heading" className="text-lg font-bold text-slate-900">
        {picking ? "Pick a time" : booked ? "Your booked time" : "Your booking"}
      </h2>
      {booking.lastChange && (
        <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm [overflow-wrap:anywhere] whitespace-pre-line text-amber-950" data-testid="booking-last-change">
          {lastChangeText(booking.lastChange)}
        </p>
      )}
      {!picking && !booked && (booking.lastChange?.kind === "other_times" || booking.lastChange?.kind === "customer_moved") && (
        <p className="mt-2 text-slate-700">Your electrician will offer new times here, and we'll text you when they do.</p>
      )}
      {booked && (
        <p className="mt-2 flex items-start gap-2 text-base text-slate-900" data-testid="booking-booked">
          <CheckCircle2 className="mt-1 size-5 shrink-0 text-green-700" aria-hidden />
          <span>
            <span className="font-semibold">Booked: </span>
            {windowWords(booked, view.state)}
          </span>
        </p>
      )}
      {/* The customer's own calendar too (docs/decisions/102-booking-windows.md): the file holds no street address. */}
      {booked && (
        <a
          href={`/api/jobs/${encodeURIComponent(token)}/booking.ics`}
          download
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
          data-testid="booking-calendar"
        >
          <CalendarPlus className="size-4" aria-hidden /> Add to my calendar
        </a>
      )}
      {picking && <PickWindow token={token} view={view} />}
      {booked && view.actions.includes("move_booking") && <AskToMove token={token} />}
    </section>
  );
}

function PickWindow({ token, view }: { token: string; view: JobView }) {
  const windows = view.booking!.windows;
  const [chosen, setChosen] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const pick = usePickWindow(token);
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null) return setMissing(true);
    setMissing(false);
    pick.mutate(chosen);
  };
  return (
    <>
      <form onSubmit={submit} noValidate className="mt-1" data-testid="pick-window">
        <fieldset aria-describedby={hintId}>
          <legend className="text-slate-700">
            {whoOf(view)} can come at any of these times. {clockOf(view)}
          </legend>
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            Pick one and tap Confirm: your job is booked for it straight away, and we text you to confirm.
          </p>
          <div className="mt-3 grid gap-2">
            {windows.map((w) => (
              <label
                key={w.id}
                className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-200 bg-white px-4 py-2 text-base font-semibold text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
              >
                <input
                  type="radio"
                  // One name the server's first screen and the app share, so a pick made before the app
                  // loads is carried over to it (client/src/lib/first-screen.ts matches fields by name).
                  name="booking-window"
                  value={w.id}
                  checked={chosen === w.id}
                  onChange={() => {
                    setChosen(w.id);
                    setMissing(false);
                  }}
                  className="size-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">{windowWords(w, view.state)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {missing && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            Pick one of the times first
          </p>
        )}
        <Button type="submit" size="lg" className="mt-3 min-h-14 w-full text-base" disabled={pick.isPending}>
          <CheckCircle2 aria-hidden /> {pick.isPending ? "Booking..." : "Confirm this time"}
        </Button>
        <ErrorLine error={pick.error} />
      </form>
      {view.actions.includes("other_times") && (
        <NoteForm
          token={token}
          kind="other"
          open="None of these suit"
          label="Which days or times suit you?"
          submit="Ask for other times"
          hint="Your electrician is told, and offers new times here."
        />
      )}
    </>
  );
}

function AskToMove({ token }: { token: string }) {
  return (
    <NoteForm
      token={token}
      kind="move"
      open="I need another time"
      label="When would suit you instead?"
      submit="Ask for another time"
      hint="The booked time is given up and your electrician is told; they offer new times here, and we text you when they do."
    />
  );
}

/** A button that opens a note box: the customer's words go to the electrician as they are typed. */
function NoteForm(props: { token: string; kind: "other" | "move"; open: string; label: string; submit: string; hint: string }) {
  const [opened, setOpened] = useState(false);
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState(false);
  // Both hooks, one used: hooks keep their order whichever this form is.
  const other = useAskOtherTimes(props.token);
  const move = useAskToMove(props.token);
  const send = props.kind === "other" ? other : move;
  const noteId = useId();
  const hintId = useId();
  if (send.data) {
    return (
      <p role="status" className="mt-3 rounded-xl border border-green-200 bg-green-50 p-3 text-green-900" data-testid="booking-note-sent">
        {send.data.message || (props.kind === "other" ? BOOKING_WORDS.askedOtherTimes : BOOKING_WORDS.moveAsked)}
      </p>
    );
  }
  if (!opened) {
    return (
      <Button variant="outline" size="lg" className="mt-3 min-h-12 w-full text-base" onClick={() => setOpened(true)}>
        {props.open}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return setMissing(true);
    setMissing(false);
    send.mutate(note.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 border-t border-slate-200 pt-4" data-testid="booking-note">
      <label htmlFor={noteId} className="block font-semibold text-slate-900">
        {props.label}
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        {props.hint}
      </p>
      <textarea
        id={noteId}
        value={note}
        maxLength={NOTE_MAX}
        rows={3}
        autoFocus
        aria-describedby={hintId}
        aria-invalid={missing ? true : undefined}
        onChange={(e) => {
          setNote(e.target.value);
          setMissing(false);
        }}
        placeholder="For example: any weekday after 3 pm, or Saturday morning"
        className="mt-2 w-full rounded-xl border border-slate-300 bg-white p-3 text-base aria-[invalid=true]:border-red-500"
      />
      {missing && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {BOOKING_WORDS.noteNeeded}
        </p>
      )}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        <Button type="button" variant="outline" className="min-h-12" onClick={() => setOpened(false)}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-12" disabled={send.isPending}>
          {send.isPending ? "Sending..." : props.submit}
        </Button>
      </div>
      <ErrorLine error={send.error} />
    </form>
  );
}
