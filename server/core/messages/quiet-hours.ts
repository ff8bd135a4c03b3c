// Customers' quiet hours (docs/product.md section 14 "Messages"; docs/decisions/046-one-outbox.md):
// 21:00 to 07:00 on the wall clock of the lead's state, so a Perth customer is not woken by a
// sale made at 7 am in Sydney. A message due inside them waits for 07:00 there.
import { instantOfWallClock, wallClockIn, zoneOfState } from "../../../shared/state-time";

export const QUIET_HOURS = { start: 21, end: 7 } as const;

/** `now` when outside the state's quiet hours; otherwise the next 07:00 on its wall clock. */
export function afterQuietHours(state: string | null, now: Date): Date {
  const zone = zoneOfState(state);
  const today = wallClockIn(zone, now);
  if (today.hour >= QUIET_HOURS.end && today.hour < QUIET_HOURS.start) return now;
  const day = today.hour >= QUIET_HOURS.start ? today.day + 1 : today.day;
  return instantOfWallClock(zone, { ...today, day }, QUIET_HOURS.end);
}
