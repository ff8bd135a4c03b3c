// A booked job's time as the datetime-local input shows and sends it, on the clock of the lead's
// state (DESIGN section 11; docs/decisions/102-booking-windows.md). No Zod: the dashboard's first
// load reads it (docs/decisions/118-zod-out-of-the-dashboards-first-load.md).
import { instantOfWallClock, wallClockIn, zoneOfState } from "./state-time";

/** The instant a typed "2026-11-24T09:30" names on the wall clock of the lead's state (Sydney's for none). */
export function jobStartOnStateClock(wallClock: string, state: string | null): Date {
  const [year, month, day] = wallClock.slice(0, 10).split("-").map(Number) as [number, number, number];
  return instantOfWallClock(zoneOfState(state), { year, month, day }, Number(wallClock.slice(11, 13)), Number(wallClock.slice(14, 16)));
}

/** "2026-11-24T09:30": an instant as a datetime-local input shows it on the lead's state's clock. */
export function stateInputValue(instant: Date | string, state: string | null): string {
  const w = wallClockIn(zoneOfState(state), new Date(instant));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}
