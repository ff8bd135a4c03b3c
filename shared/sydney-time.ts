// Calendar questions are answered in Australia/Sydney (docs/runtime.md section 3): "today", a day's
// start and end, "last 7 days", month buckets. Intl alone does the zone work
// (docs/decisions/021-sydney-time.md); every calendar step runs on day keys, never on hours,
// so a daylight-saving change cannot move a day.

export const SYDNEY_ZONE = "Australia/Sydney";

// Formatters are marked pure, so a page that uses none of them does not carry them (the bundle budgets, .size-limit.js).
const wallClockFormat = /* @__PURE__ */ new Intl.DateTimeFormat("en-AU", {
  timeZone: SYDNEY_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** What a clock on a Sydney wall shows at an instant, as zero-padded text. */
function wallClock(instant: Date | string) {
  const part = Object.fromEntries(wallClockFormat.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return { year: part.year!, month: part.month!, day: part.day!, hour: part.hour!, minute: part.minute!, second: part.second! };
}

/** The Sydney calendar date of an instant, "YYYY-MM-DD". */
export function sydneyDayKey(instant: Date | string): string {
  const w = wallClock(instant);
  return `${w.year}-${w.month}-${w.day}`;
}

/** The Sydney calendar month of an instant, "YYYY-MM". */
export const sydneyMonthKey = (instant: Date | string) => sydneyDayKey(instant).slice(0, 7);

/** "2025-11-22 01:30": the Sydney wall clock to the minute, sortable as text. */
export function sydneyMinuteKey(instant: Date | string): string {
  const w = wallClock(instant);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}`;
}

const keyParts = (key: string) => key.split("-").map(Number) as [number, number, number?];

/** Calendar arithmetic on a day key (no hours involved, so DST cannot shift it). */
export function addDays(key: string, days: number): string {
  const [y, m, d = 1] = keyParts(key);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Inclusive day keys of the last `count` Sydney days, today included ("last 7 days"). */
export function lastDays(now: Date, count: number): { from: string; to: string } {
  const today = sydneyDayKey(now);
  return { from: addDays(today, 1 - count), to: today };
}

/** "YYYY-MM" of the last `count` Sydney months, oldest first, ending with the month of `now`. */
export function lastMonths(now: Date, count: number): string[] {
  const [year, month] = keyParts(sydneyMonthKey(now));
  const keys: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const index = year * 12 + (month - 1) - back;
    keys.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`);
  }
  return keys;
}

/** Minutes Sydney is ahead of UTC at an instant (600 or 660). */
function offsetMinutes(instant: number): number {
  const w = wallClock(new Date(instant));
  const asUtc = Date.UTC(Number(w.year), Number(w.month) - 1, Number(w.day), Number(w.hour), Number(w.minute), Number(w.second));
  return Math.round((asUtc - instant) / 60_000);
}

/**
 * The instant Sydney's day `key` begins. Sydney changes its clocks at 2 or 3 am, so midnight
 * exists once on every date; the second pass takes the offset at midnight itself.
 */
export function startOfSydneyDay(key: string): Date {
  const [y, m, d = 1] = keyParts(key);
  const midnightAsUtc = Date.UTC(y, m - 1, d);
  if (Number.isNaN(midnightAsUtc)) return new Date(Number.NaN); // not a day key: an invalid date, as new Date("x") is
  const guess = midnightAsUtc - offsetMinutes(midnightAsUtc) * 60_000;
  return new Date(midnightAsUtc - offsetMinutes(guess) * 60_000);
}

/** The last millisecond of Sydney's day `key` ("valid until" a date means through that day). */
export function endOfSydneyDay(key: string): Date {
  const start = startOfSydneyDay(key);
  return Number.isNaN(start.getTime()) ? start : new Date(startOfSydneyDay(addDays(key, 1)).getTime() - 1);
}

/** "2026-11-24T09:30": a Sydney wall clock as a datetime-local input holds it. */
export const sydneyInputValue = (instant: Date | string) => sydneyMinuteKey(instant).replace(" ", "T");

/**
 * The instant a Sydney wall clock ("YYYY-MM-DD", "HH:mm") shows. Two passes of the offset, as
 * for midnight; a time skipped by the spring-forward hour lands an hour later, as clocks do.
 */
export function sydneyWallClockToInstant(key: string, time: string): Date {
  const [y, m, d = 1] = keyParts(key);
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  if (Number.isNaN(asUtc)) return new Date(Number.NaN);
  const guess = asUtc - offsetMinutes(asUtc) * 60_000;
  return new Date(asUtc - offsetMinutes(guess) * 60_000);
}

// How a Sydney instant is written for people (en-AU). The one home of these formats: screens,
// alerts and mail import them rather than building their own Intl.DateTimeFormat.
const dateTimeText = /* @__PURE__ */ new Intl.DateTimeFormat("en-AU", { timeZone: SYDNEY_ZONE, dateStyle: "medium", timeStyle: "short" });
const dateText = /* @__PURE__ */ new Intl.DateTimeFormat("en-AU", { timeZone: SYDNEY_ZONE, day: "numeric", month: "short", year: "numeric" });
const dayMonthText = /* @__PURE__ */ new Intl.DateTimeFormat("en-AU", { timeZone: SYDNEY_ZONE, day: "numeric", month: "short" });
const clockText = /* @__PURE__ */ new Intl.DateTimeFormat("en-AU", {
  timeZone: SYDNEY_ZONE,
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});
const monthKeyText = /* @__PURE__ */ new Intl.DateTimeFormat("en-AU", { month: "short", year: "2-digit", timeZone: "UTC" });

/** "22 Nov 2026, 3:04 pm" */
export const formatSydneyDateTime = (instant: string | Date) => dateTimeText.format(new Date(instant));
/** "22 Nov 2026" */
export const formatSydneyDate = (instant: string | Date) => dateText.format(new Date(instant));
/** "22 Nov" */
export const formatSydneyDayMonth = (instant: string | Date) => dayMonthText.format(new Date(instant));

/** The Sydney wall clock's parts, "22", "Nov", "3", "04", "pm": built from parts so every browser's ICU gives the same text. */
function clockParts(instant: string | Date) {
  const part = Object.fromEntries(clockText.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return { day: part.day, month: part.month, hour: part.hour, minute: part.minute, period: (part.dayPeriod ?? "").toLowerCase() };
}
/** "3:04 pm" */
export function formatSydneyTime(instant: string | Date): string {
  const p = clockParts(instant);
  return `${p.hour}:${p.minute} ${p.period}`;
}
/** "22 Nov, 3:04 pm" */
export function formatSydneyDayTime(instant: string | Date): string {
  const p = clockParts(instant);
  return `${p.day} ${p.month}, ${p.hour}:${p.minute} ${p.period}`;
}
/** "Nov 26" for the month key "2026-11" (a key is already a Sydney month, so no zone shift). */
export const formatMonthKey = (key: string) => monthKeyText.format(new Date(`${key}-01T00:00:00Z`));
