// Booking windows the customer picks on the job page (docs/decisions/102-booking-windows.md):
// the electrician offers one to four windows, the customer picks one, and the job is Booked In
// for that window. Every time is typed and shown on the wall clock of the lead's state (DESIGN
// section 11); the rules below are the server's and the card's alike.
import { z } from "zod";
import { isCalendarDay } from "./calendar-day";
import { versionInput } from "./pipeline-jobs";
import { typedInstant, zoneOfState } from "./state-time";
import { formatStateDayTime } from "./state-time-text";

export const WINDOW_RULES = {
  /** How many windows one offer holds. */
  minWindows: 1,
  maxWindows: 4,
  /** A window's length in minutes: long enough to be a promise, short enough to wait at home for. */
  minMinutes: 60,
  maxMinutes: 240,
  /** Starts and ends on quarter hours. */
  stepMinutes: 15,
  /** No window starts further ahead than this many days. */
  maxDaysAhead: 60,
} as const;

/** Reasons and notes between the two sides: a sentence, not a letter. */
export const BOOKING_NOTE_MAX = 300;

export const WINDOW_MESSAGES = {
  count: `Offer 1 to ${WINDOW_RULES.maxWindows} windows`,
  date: "Enter the window's date",
  time: "Enter a time as HH:MM",
  quarter: "Start and end on the hour or a quarter past, half past or a quarter to",
  skipped: "That time does not exist on that day: the clocks go forward",
  length: "A window is 1 to 4 hours long",
  past: "That window has already started",
  tooFar: `A window starts within ${WINDOW_RULES.maxDaysAhead} days`,
  overlapsWindow: "It overlaps another window in this offer",
  overlapsBooking: "It overlaps a job already booked for who comes",
  reasonNeeded: "Say why the booked time has to move",
  ownJob: "This is your own job: set its time on the card, the customer is not texted",
  notYet: "Offer times once you have spoken to the customer (Called) or sent a quote",
  closed: "This job is declined, paid, archived or refunded: no times can be offered",
  notOpen: "These times are no longer open: reload the page",
  windowGone: "That window has passed or was withdrawn: pick another",
  windowTaken: "Your electrician has just been booked at that time: pick another, or ask for other times",
  noBooking: "This job has no booked time to change",
  picked: "Your time is booked",
  askedOtherTimes: "We have asked your electrician for other times",
  moveAsked: "We have told your electrician you need another time",
  offered: "The times were sent to the customer",
  cancelled: "The booking was cancelled and the customer told",
} as const;

const hhmm = z.string({ error: WINDOW_MESSAGES.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, WINDOW_MESSAGES.time);

/** One window as typed: a day and two times on the wall clock of the lead's state. */
export const windowInput = z.object({
  date: z.string({ error: WINDOW_MESSAGES.date }).refine(isCalendarDay, WINDOW_MESSAGES.date),
  start: hhmm,
  end: hhmm,
});
export type WindowInput = z.infer<typeof windowInput>;

const note = z.string().trim().max(BOOKING_NOTE_MAX, `Keep it to ${BOOKING_NOTE_MAX} characters`);

/** POST /api/lead-purchases/:id/booking-windows. A booked job's windows move it, with a reason. */
export const offerWindowsRequest = z.object({
  windows: z.array(windowInput).min(WINDOW_RULES.minWindows, WINDOW_MESSAGES.count).max(WINDOW_RULES.maxWindows, WINDOW_MESSAGES.count),
  reason: note.optional(),
  version: versionInput,
});

/** POST /api/lead-purchases/:id/booking/cancel */
export const cancelBookingRequest = z.object({
  reason: note.min(1, WINDOW_MESSAGES.reasonNeeded),
  version: versionInput,
});

/** POST /api/jobs/:token/booking/pick */
export const pickWindowRequest = z.object({ windowId: z.number().int().positive().max(2_147_483_647) });
/** POST /api/jobs/:token/booking/other-times and …/booking/move: what suits the customer instead. */
export const customerBookingNote = z.object({ note: note.min(1, "Say which days or times suit you") });

export interface WindowSpan {
  startsAt: Date;
  endsAt: Date;
}

export type WindowRule = "time" | "quarter" | "skipped" | "length" | "past" | "tooFar" | "overlapsWindow" | "overlapsBooking";

export interface WindowProblem {
  /** 0-based position in the offer. */
  index: number;
  field: "date" | "start" | "end";
  rule: WindowRule;
  message: string;
}

/** "Window 2: A window is 1 to 4 hours long". */
export const problemText = (p: WindowProblem) => `Window ${p.index + 1}: ${p.message}`;

const overlaps = (a: WindowSpan, b: WindowSpan) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/**
 * The offer's windows as instants, or every rule each one breaks: a window is on quarter hours,
 * exists on the state's clock, lasts 1 to 4 hours of real time (across a daylight-saving change
 * too), starts after `now` and within 60 days, and overlaps neither another window of the offer
 * nor a job already booked for who comes.
 */
export function checkWindows(
  typed: readonly WindowInput[],
  context: { state: string | null; now: Date; booked: readonly WindowSpan[] },
): { ok: true; windows: WindowSpan[] } | { ok: false; problems: WindowProblem[] } {
  const zone = zoneOfState(context.state);
  const problems: WindowProblem[] = [];
  const spans: (WindowSpan | null)[] = typed.map((w, index) => {
    const add = (field: WindowProblem["field"], rule: WindowRule) => problems.push({ index, field, rule, message: WINDOW_MESSAGES[rule] });
    const quarter = (t: string) => Number(t.slice(3)) % WINDOW_RULES.stepMinutes === 0;
    if (!quarter(w.start)) add("start", "quarter");
    if (!quarter(w.end)) add("end", "quarter");
    const startsAt = typedInstant(zone, w.date, w.start);
    const endsAt = typedInstant(zone, w.date, w.end);
    if (!startsAt) add("start", "skipped");
    if (!endsAt) add("end", "skipped");
    if (!startsAt || !endsAt) return null;
    const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
    if (minutes < WINDOW_RULES.minMinutes || minutes > WINDOW_RULES.maxMinutes) add("end", "length");
    if (startsAt.getTime() <= context.now.getTime()) add("start", "past");
    else if (startsAt.getTime() > context.now.getTime() + WINDOW_RULES.maxDaysAhead * 86_400_000) add("date", "tooFar");
    return { startsAt, endsAt };
  });
  spans.forEach((span, index) => {
    if (!span) return;
    if (spans.some((other, j) => j !== index && other && overlaps(span, other))) {
      problems.push({ index, field: "start", rule: "overlapsWindow", message: WINDOW_MESSAGES.overlapsWindow });
    }
    if (context.booked.some((job) => overlaps(span, job))) {
      problems.push({ index, field: "start", rule: "overlapsBooking", message: WINDOW_MESSAGES.overlapsBooking });
    }
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, windows: spans as WindowSpan[] };
}

/** A booked job with no end of its own (booked by a typed time) takes this long on a calendar. */
export const DEFAULT_JOB_HOURS = 2;
export const jobEndOf = (startsAt: Date, endsAt: Date | null) => endsAt ?? new Date(startsAt.getTime() + DEFAULT_JOB_HOURS * 3600_000);

/** "9:00 am - 11:00 am Tue 2 Dec" on the state's clock, as the SMS, the card and the page say it. */
export function windowText(span: WindowSpan, state: string | null): string {
  const [startTime, startHalf, ...day] = formatStateDayTime(span.startsAt, state).split(" ");
  const [endTime, endHalf] = formatStateDayTime(span.endsAt, state).split(" ");
  return `${startTime} ${startHalf} - ${endTime} ${endHalf} ${day.join(" ")}`;
}

/** The hour-before reminder goes this long before the window starts. */
export const HOUR_BEFORE_MS = 3600_000;

/** What the card shows (GET /api/lead-purchases/:id/booking-windows). */
export const cardBookingSchema = z.object({
  state: z.string().nullable(),
  offer: z
    .object({
      id: z.number().int(),
      status: z.enum(["open", "picked", "other_times", "withdrawn"]),
      offeredAt: z.string(),
      windows: z.array(z.object({ id: z.number().int(), startsAt: z.string(), endsAt: z.string(), picked: z.boolean() })),
      customerNote: z.string().nullable(),
    })
    .nullable(),
  booked: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable(),
  /** Whether the card may offer windows now (a market job Called or later, or quoted, not closed). */
  canOffer: z.boolean(),
  /** Why it may not, in words. */
  cannotOffer: z.string().nullable(),
});
export type CardBooking = z.infer<typeof cardBookingSchema>;
