// Quiet hours in Sydney time (docs/decisions/029): "22:00-07:00" wraps midnight.
// A non-urgent alert due inside them waits until they end.
import { sydneyMinuteKey } from "../../../shared/sydney-time";

export interface QuietHours {
  start: string;
  end: string;
}

const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** The Sydney wall clock's minute of the day at an instant. */
const sydneyMinuteOfDay = (at: Date) => minuteOfDay(sydneyMinuteKey(at).slice(11));

export function inQuietHours(quiet: QuietHours, at: Date): boolean {
  const start = minuteOfDay(quiet.start);
  const end = minuteOfDay(quiet.end);
  const now = sydneyMinuteOfDay(at);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * The first instant at or after `at` when quiet hours are over. Stepping by the minutes left
 * on the wall clock and checking again keeps it right across a daylight-saving change.
 */
export function quietHoursEnd(quiet: QuietHours, at: Date): Date {
  let t = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  for (let i = 0; i < 4 && inQuietHours(quiet, t); i++) {
    const left = (minuteOfDay(quiet.end) - sydneyMinuteOfDay(t) + 1440) % 1440 || 1440;
    t = new Date(t.getTime() + left * 60_000);
  }
  return t.getTime() < at.getTime() ? at : t;
}
