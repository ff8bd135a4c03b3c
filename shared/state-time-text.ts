// A moment as a customer in the lead's state reads it (docs/decisions/046-one-outbox.md): the
// handover SMS and the electrician's reminder say the contact promise this way, on the state's
// own wall clock (shared/state-time.ts), so Perth is not told Sydney's time.
import { wallClockIn, zoneOfState } from "./state-time";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "8:30 am Tue 24 Nov" on the wall clock of the lead's state (Sydney's for none); seconds are dropped. */
export function formatStateDayTime(instant: Date, state: string | null): string {
  const w = wallClockIn(zoneOfState(state), instant);
  const weekday = WEEKDAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()];
  const hour = w.hour % 12 || 12;
  return `${hour}:${String(w.minute).padStart(2, "0")} ${w.hour < 12 ? "am" : "pm"} ${weekday} ${w.day} ${MONTHS[w.month - 1]}`;
}

/** "2026-11-20 09:14 (Australia/Sydney)": for a record a bank reads, with the year and the zone named. */
export function formatStateStamp(instant: Date, state: string | null): string {
  const zone = zoneOfState(state);
  const w = wallClockIn(zone, instant);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)} (${zone})`;
}

/** "3 Dec 2026, 9:30 am" on the wall clock of the lead's state (Sydney's for none), as the card says a booked time. */
export function formatStateDateTime(instant: Date, state: string | null): string {
  const w = wallClockIn(zoneOfState(state), instant);
  return `${w.day} ${MONTHS[w.month - 1]} ${w.year}, ${w.hour % 12 || 12}:${String(w.minute).padStart(2, "0")} ${w.hour < 12 ? "am" : "pm"}`;
}
