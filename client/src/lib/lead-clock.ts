// A job's times on the clock of the lead's state (docs/decisions/045-contact-promise.md; every
// screen that shows when something happened to a job): "Wed 25 Nov, 10:12 am", followed by
// " WA time" when the phone keeps another clock, so a Perth job read in Sydney says whose it is.
import { zoneOfState } from "@shared/state-time";

/** The phone's own zone, read once. */
export const DEVICE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockIn(zone: string) {
  let format = clocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-AU", {
      timeZone: zone,
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
      weekday: "short",
      day: "numeric",
      month: "short",
    });
    clocks.set(zone, format);
  }
  return format;
}

/** "10:30 am" and "Wed 25 Nov" on the zone's wall clock, built from parts so every browser writes them alike. */
export function wallTime(zone: string, instant: Date) {
  const part = Object.fromEntries(
    clockIn(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { time: `${part.hour}:${part.minute} ${(part.dayPeriod ?? "").toLowerCase()}`, day: `${part.weekday} ${part.day} ${part.month}` };
}

/** " WA time" when `deviceZone` is not the clock of the lead's state; nothing when it is, or the state is unknown. */
export function whoseClock(state: string | null, deviceZone: string | undefined): string {
  return deviceZone && state && deviceZone !== zoneOfState(state) ? ` ${state.toUpperCase()} time` : "";
}

/** A time on the lead's clock, "Wed 25 Nov, 10:12 am", with whose clock it is when not the phone's. */
export function leadDayTime(state: string | null, at: string | Date, deviceZone: string | undefined = DEVICE_ZONE): string {
  const { time, day } = wallTime(zoneOfState(state), new Date(at));
  return `${day}, ${time}${whoseClock(state, deviceZone)}`;
}
