// A job's times on the clock of the lead's state (docs/decisions/045-contact-promise.md): the
// contact promise, and when the job was asked for, bought, paid and let go, as "Wed 25 Nov, 10:12 am",
// followed by " WA time" when the phone's clock shows another time, so a Perth job read in Sydney
// says whose it is. The quote's and payments' own times still read Sydney's clock.
import { AUSTRALIAN_STATES, wallClockIn, zoneOfState } from "@shared/state-time";

/**
 * The phone's own zone, read once; none when the server renders the first screen, whose zone is
 * not the phone's: the label comes when the app takes the screen over.
 */
export const DEVICE_ZONE = typeof window === "undefined" ? undefined : Intl.DateTimeFormat().resolvedOptions().timeZone;

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

/**
 * " WA time" when the phone in `deviceZone` shows another time than the lead's state at `at`;
 * nothing when the clocks agree (Melbourne's on a Sydney phone), or the zone or state is unknown.
 */
export function whoseClock(state: string | null, deviceZone: string | undefined, at: Date): string {
  const known = (AUSTRALIAN_STATES as readonly string[]).includes(state?.toUpperCase() ?? "");
  if (!deviceZone || !known) return "";
  const lead = wallClockIn(zoneOfState(state), at);
  const phone = wallClockIn(deviceZone, at);
  return lead.hour === phone.hour && lead.minute === phone.minute ? "" : ` ${state!.toUpperCase()} time`;
}

/** A time on the lead's clock, "Wed 25 Nov, 10:12 am", with whose clock it is when not the phone's. */
export function leadDayTime(state: string | null, at: string | Date, deviceZone: string | undefined = DEVICE_ZONE): string {
  const instant = new Date(at);
  const { time, day } = wallTime(zoneOfState(state), instant);
  return `${day}, ${time}${whoseClock(state, deviceZone, instant)}`;
}
