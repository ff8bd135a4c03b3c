// Wall clocks in the customer's own state (docs/decisions/045-contact-promise.md): the contact
// promise's 07:00-19:00 window and the customers' quiet hours are kept in the time zone of the
// lead's state, so Perth is not told Sydney's time. Intl alone does the zone work, as in
// shared/sydney-time.ts; formatters are made on first use and kept, one per zone.
import { SYDNEY_ZONE } from "./sydney-time";

export const AUSTRALIAN_STATES = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

const STATE_ZONES: Record<AustralianState, string> = {
  NSW: SYDNEY_ZONE,
  ACT: SYDNEY_ZONE,
  VIC: "Australia/Melbourne",
  QLD: "Australia/Brisbane",
  SA: "Australia/Adelaide",
  WA: "Australia/Perth",
  TAS: "Australia/Hobart",
  NT: "Australia/Darwin",
};

/** The IANA zone of a state; Sydney's for an unknown or missing state (the product's home clock). */
export function zoneOfState(state: string | null | undefined): string {
  return STATE_ZONES[(state ?? "").toUpperCase() as AustralianState] ?? STATE_ZONES.NSW;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(zone: string) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-AU", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(zone, format);
  }
  return format;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Offsets are asked of Intl once per zone and quarter of an hour, then kept: a clock changes only
 * on a quarter hour of UTC (for the zones zoneOfState returns, every change since standard time
 * came in, in 1895, falls on :00 or :30 UTC; the local mean times before it are not kept to the
 * second), so one answer holds for the whole quarter. Asking Intl (formatToParts) is what made a sale's contact promise and quiet
 * hours cost; a kept offset is a lookup (docs/decisions/108-a-sale-in-fewer-statements.md).
 */
const QUARTER_HOUR_MS = 15 * 60_000;
/** Quarters kept (zone and quarter) before all are forgotten: about 2 MB at most. */
const QUARTERS_KEPT = 20_000;
const offsets = new Map<string, number>();

/** Minutes the zone's wall clock is ahead of UTC at an instant (ms since the epoch). */
function offsetMinutes(zone: string, at: number): number {
  const quarter = Math.floor(at / QUARTER_HOUR_MS);
  const key = `${zone}|${quarter}`;
  let minutes = offsets.get(key);
  if (minutes === undefined) {
    const start = quarter * QUARTER_HOUR_MS;
    const part = Object.fromEntries(
      wallClockFormat(zone)
        .formatToParts(new Date(start))
        .map((p) => [p.type, Number(p.value)]),
    );
    minutes = Math.round((Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - start) / 60_000);
    if (offsets.size >= QUARTERS_KEPT) offsets.clear();
    offsets.set(key, minutes);
  }
  return minutes;
}

/** What a clock on a wall in `zone` shows at an instant. */
export function wallClockIn(zone: string, instant: Date): WallClock {
  const at = instant.getTime();
  const wall = new Date(at + offsetMinutes(zone, at) * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/**
 * The instant a wall clock in `zone` shows the given date and time. Two passes of the offset;
 * a time skipped by the spring-forward hour lands an hour later, as clocks do. Day overflow
 * (day 32) rolls into the next month, so callers may add days freely.
 */
export function instantOfWallClock(zone: string, date: { year: number; month: number; day: number }, hour: number, minute = 0): Date {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const guess = asUtc - offsetMinutes(zone, asUtc) * 60_000;
  return new Date(asUtc - offsetMinutes(zone, guess) * 60_000);
}

/** Minute of the day (0-1439) on the zone's wall clock, with seconds as a fraction. */
export function minuteOfDayIn(zone: string, instant: Date): number {
  const w = wallClockIn(zone, instant);
  return w.hour * 60 + w.minute + (w.second + (instant.getTime() % 1000) / 1000) / 60;
}

/**
 * The instant a typed day ("2026-12-02") and time ("09:30") name on the wall clock of `zone`, or
 * null when the clocks skip that time (the spring-forward hour): a time a person types must exist.
 */
export function typedInstant(zone: string, date: string, time: string): Date | null {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const at = instantOfWallClock(zone, { year, month, day }, hour, minute);
  const back = wallClockIn(zone, at);
  return back.year === year && back.month === month && back.day === day && back.hour === hour && back.minute === minute ? at : null;
}
