// The rows of the card's "Offer times" dialog (docs/decisions/102-booking-windows.md): each one a
// day and two times on the wall clock of the lead's state, checked as they are typed by the same
// rules the server applies (shared/booking-windows.ts checkWindows), and the server's 400 put back
// under the row and field it names ("windows.1.end").
import { checkWindows, jobEndOf, WINDOW_MESSAGES, WINDOW_RULES, type CardBooking, type WindowInput, type WindowSpan } from "@shared/booking-windows";
import { isCalendarDay } from "@shared/calendar-day";
import type { PurchasedLead } from "@shared/pipeline";
import { instantOfWallClock, wallClockIn, zoneOfState } from "@shared/state-time";

export type RowField = keyof WindowInput;
export interface RowProblem {
  field: RowField;
  message: string;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The city whose clock a state keeps, as the label names it: "Perth time (WA)". */
const CITY_OF_STATE: Record<string, string> = {
  NSW: "Sydney",
  ACT: "Canberra",
  VIC: "Melbourne",
  QLD: "Brisbane",
  SA: "Adelaide",
  WA: "Perth",
  TAS: "Hobart",
  NT: "Darwin",
};

/** "Perth time (WA)"; Sydney's for a lead with no state, as zoneOfState falls back to it. */
export function zoneLabel(state: string | null): string {
  const key = (state ?? "").toUpperCase();
  const city = CITY_OF_STATE[key];
  return city ? `${city} time (${key})` : "Sydney time";
}

/** Tomorrow on the state's clock, "YYYY-MM-DD": the first row's day, the soonest a customer is usually offered. */
export function tomorrowIn(state: string | null, now: Date): string {
  const w = wallClockIn(zoneOfState(state), now);
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return next.toISOString().slice(0, 10);
}

/**
 * A row typed in full as instants on the state's clock, or null (not typed in full, or a time the
 * clocks skip): the dialog writes it back as the customer will read it, to show the clock is right.
 */
export function rowSpan(row: WindowInput, state: string | null): WindowSpan | null {
  if (!isCalendarDay(row.date) || !HHMM.test(row.start) || !HHMM.test(row.end)) return null;
  const zone = zoneOfState(state);
  const [year, month, day] = row.date.split("-").map(Number) as [number, number, number];
  const at = (time: string) => {
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    const instant = instantOfWallClock(zone, { year, month, day }, hour, minute);
    const back = wallClockIn(zone, instant);
    return back.day === day && back.hour === hour && back.minute === minute ? instant : null;
  };
  const startsAt = at(row.start);
  const endsAt = at(row.end);
  return startsAt && endsAt ? { startsAt, endsAt } : null;
}

export const emptyRow = (date = ""): WindowInput => ({ date, start: "", end: "" });

/** A new row under the last: the same day, the times still to type. */
export const nextRow = (rows: readonly WindowInput[]): WindowInput => emptyRow(rows.at(-1)?.date ?? "");

export const mayAddRow = (rows: readonly WindowInput[]) => rows.length < WINDOW_RULES.maxWindows;

/** What the check found in each row (by position), and the windows to send when none. */
export interface RowsCheck {
  problems: RowProblem[][];
  /** Every row is typed in full and keeps every rule. */
  ready: boolean;
}

/**
 * Each row's problems. A row not typed in full is not judged until `tried` (the person pressed
 * Send): a half-typed row saying "Enter a time" at every keystroke is noise. Rows typed in full
 * go through checkWindows together, so an overlap between two of them shows on each.
 */
export function checkRows(
  rows: readonly WindowInput[],
  context: { state: string | null; now: Date; booked: readonly WindowSpan[]; tried: boolean },
): RowsCheck {
  const problems: RowProblem[][] = rows.map(() => []);
  const complete: number[] = [];
  rows.forEach((row, index) => {
    const shape: RowProblem[] = [];
    if (!isCalendarDay(row.date)) shape.push({ field: "date", message: WINDOW_MESSAGES.date });
    if (!HHMM.test(row.start)) shape.push({ field: "start", message: WINDOW_MESSAGES.time });
    if (!HHMM.test(row.end)) shape.push({ field: "end", message: WINDOW_MESSAGES.time });
    if (shape.length === 0) return complete.push(index);
    // A field typed but wrong is said at once; one left empty only after Send.
    problems[index] = context.tried ? shape : shape.filter((p) => row[p.field] !== "");
  });
  const checked = checkWindows(
    complete.map((i) => rows[i]!),
    { state: context.state, now: context.now, booked: context.booked },
  );
  if (!checked.ok) {
    for (const p of checked.problems) problems[complete[p.index]!]!.push({ field: p.field, message: p.message });
  }
  return { problems, ready: rows.length > 0 && complete.length === rows.length && checked.ok };
}

/**
 * The server's 400 `errors` by row: "windows.1.end" is the second row's end. What names no row
 * (the offer's count, the reason, anything else) comes back under `other`, keyed as sent.
 */
export function serverProblems(errors: Record<string, string> | undefined, rowCount: number): { rows: RowProblem[][]; other: Record<string, string> } {
  const rows: RowProblem[][] = Array.from({ length: rowCount }, () => []);
  const other: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const m = /^windows\.(\d+)(?:\.(date|start|end))?$/.exec(key);
    const index = m ? Number(m[1]) : -1;
    // Under its own row, "Window 2: " says nothing the row does not.
    if (m && index < rowCount) rows[index]!.push({ field: (m[2] as RowField | undefined) ?? "start", message: message.replace(/^Window \d+: /, "") });
    else other[key] = message;
  }
  return { rows, other };
}

/**
 * The jobs already booked for whoever comes to this one (its assignee, or the owner when no one
 * is), from the pipeline the dashboard holds: the check's "overlaps a job already booked". The
 * server has the last word; this only says so before Send.
 */
export function bookedFor(purchase: Pick<PurchasedLead, "id" | "assignedTo" | "buyerId">, pipeline: readonly PurchasedLead[] | undefined): WindowSpan[] {
  const who = (p: Pick<PurchasedLead, "assignedTo" | "buyerId">) => p.assignedTo ?? p.buyerId;
  return (pipeline ?? [])
    .filter((p) => p.id !== purchase.id && p.jobStartsAt && who(p) === who(purchase))
    .filter((p) => p.salesStage === "booked_in" || p.salesStage === "picked_up" || p.salesStage === "delivered")
    .map((p) => {
      const startsAt = new Date(p.jobStartsAt!);
      return { startsAt, endsAt: jobEndOf(startsAt, p.jobEndsAt ? new Date(p.jobEndsAt) : null) };
    });
}

/** A booked time still ahead: the one an offer moves or Cancel booking gives up. */
export const bookedAhead = (booking: CardBooking) => booking.booked !== null && new Date(booking.booked.startsAt).getTime() > Date.now();

/** A window as the API sends it (ISO strings), as instants. */
export const windowSpan = (w: { startsAt: string; endsAt: string }): WindowSpan => ({ startsAt: new Date(w.startsAt), endsAt: new Date(w.endsAt) });
