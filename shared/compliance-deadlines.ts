// The compliance paperwork's deadline clocks (docs/decisions/104-compliance-deadlines.md): when each
// document of shared/compliance-documents.ts is due, counted from its event on the clock and the
// calendar of the lead's state (DESIGN section 11), and where a deadline stands now.
import { COMPLIANCE_DOCUMENTS, type ComplianceDocument, type ComplianceDocumentKey, type ComplianceEvent } from "./compliance-documents";
import { addBusinessDays, endOfStateDay, stateDayOf, type StateDay } from "./public-holidays";
import type { AustralianState } from "./state-time";

/** The instants of a job's events so far; "start" is the booked start a "before_start" clock runs to. */
export type JobEvents = Partial<Record<"test" | "completion" | "energised" | "start", Date | null>>;

const daysLater = (d: StateDay, days: number): StateDay => ({ ...d, day: d.day + days });
/** The same day of the month `months` later, or that month's last day (31 January + 1 month = 28 February). */
function monthsLater(d: StateDay, months: number): StateDay {
  const first = new Date(Date.UTC(d.year, d.month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: Math.min(d.day, lastDay) };
}

/**
 * When a document is due: the end of the last day on the state's clock (the event's own day is
 * day 0, as "within 7 days" reads), or the booked start for a "before_start" document; null when
 * the event has not happened yet or the state publishes no deadline (decision 104).
 */
export function deadlineOf(document: ComplianceDocumentKey, events: JobEvents): { dueAt: Date | null; startsFrom: ComplianceEvent; rule: string } {
  const d: ComplianceDocument = COMPLIANCE_DOCUMENTS[document];
  const result = (dueAt: Date | null) => ({ dueAt, startsFrom: d.startsFrom, rule: d.rule });
  if (d.startsFrom === "before_start") return result(events.start ?? null);
  const at = events[d.startsFrom];
  if (!at || !d.within) return result(null);
  const { count, unit } = d.within;
  if (unit === "business_days") return result(addBusinessDays(d.state, at, count));
  const day = stateDayOf(d.state, at);
  return result(endOfStateDay(d.state, unit === "days" ? daysLater(day, count) : monthsLater(day, count)));
}

/** Reminders go two days before and on the day (decision 104), so the clock has those states. */
export type ClockState = "ok" | "due_in_2_days" | "due_today" | "overdue";

const dayNumber = (d: StateDay) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;

/** Where a deadline stands at `now`, by calendar days on the state's clock. */
export function clockState(dueAt: Date, now: Date, state: AustralianState): ClockState {
  if (now.getTime() > dueAt.getTime()) return "overdue";
  const daysLeft = dayNumber(stateDayOf(state, dueAt)) - dayNumber(stateDayOf(state, now));
  if (daysLeft === 0) return "due_today";
  return daysLeft <= 2 ? "due_in_2_days" : "ok";
}
