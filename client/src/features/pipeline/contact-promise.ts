// The contact promise as the stage card says it (docs/decisions/045-contact-promise.md, "Logging
// contact"): "Call by 10:30 am" with a live countdown while nothing is logged and the job is in
// Purchased, red once the promise has passed. Times on the clock of the lead's state.
import { PROMISE_REMINDER_MINUTES } from "@shared/contact-promise";
import type { PurchasedLead } from "@shared/pipeline";
import { wallClockIn, zoneOfState } from "@shared/state-time";
import { wallTime, whoseClock } from "@/lib/lead-clock";

export interface PromiseView {
  /** "Call by 10:30 am", "Call by 8:30 am tomorrow", "Call by 7:00 pm WA time". */
  due: string;
  /** "1 h 12 min left", "Due now", "Missed 5 min ago". */
  left: string;
  /** Within the last 15 minutes (the reminder's), or due this minute. */
  soon: boolean;
  /** Past the promise with nothing logged: the card turns red. */
  missed: boolean;
}

const MINUTE = 60_000;

const dayNumber = (zone: string, instant: Date) => {
  const w = wallClockIn(zone, instant);
  return Date.UTC(w.year, w.month - 1, w.day) / 86_400_000;
};

/** "1 h 12 min", "45 min", "2 h". */
function span(minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h > 0 ? `${h} h` : "", m > 0 || h === 0 ? `${m} min` : ""].filter(Boolean).join(" ");
}

/** "10:30 am" (today), "8:30 am tomorrow", "9:15 am Wed 25 Nov", on the zone's clock. */
export function promiseTime(state: string | null, by: Date, now: Date): string {
  const zone = zoneOfState(state);
  const { time, day } = wallTime(zone, by);
  const days = dayNumber(zone, by) - dayNumber(zone, now);
  return days === 0 ? time : days === 1 ? `${time} tomorrow` : `${time} ${day}`;
}

type PromiseRow = Pick<PurchasedLead, "salesStage" | "contactBy" | "firstContactAt"> & { lead: Pick<PurchasedLead["lead"], "state"> };

/**
 * What the card shows of the promise, or null when it shows none: a provider's own job (no
 * promise), contact already logged or the job moved on from Purchased. `deviceZone` is the
 * phone's own zone: when the lead's state keeps another clock, the time says whose it is.
 */
export function promiseView(row: PromiseRow, now: Date, deviceZone?: string): PromiseView | null {
  if (!row.contactBy || row.firstContactAt || row.salesStage !== "purchased") return null;
  const by = new Date(row.contactBy);
  const due = `Call by ${promiseTime(row.lead.state, by, now)}${whoseClock(row.lead.state, deviceZone, by)}`;
  const ms = by.getTime() - now.getTime();
  if (ms > 0) {
    const minutes = Math.ceil(ms / MINUTE);
    return { due, left: `${span(minutes)} left`, soon: minutes <= PROMISE_REMINDER_MINUTES, missed: false };
  }
  if (ms === 0) return { due, left: "Due now", soon: true, missed: false };
  const late = Math.floor(-ms / MINUTE);
  return { due, left: late === 0 ? "Missed just now" : `Missed ${span(late)} ago`, soon: false, missed: true };
}
