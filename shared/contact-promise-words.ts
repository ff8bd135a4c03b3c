// The contact promise in the customer's words (docs/decisions/086-one-promise-one-address-quiet-sign-out.md,
// 045-contact-promise.md). The quote's success page and the job page both write it here, from
// the one rule (./contact-promise.ts), so the customer reads one promise in one wording: a
// clock time on their state's clock, never "within 24 hours" on one page and "by 11:14 am" on
// the other. Intl only for the weekday and month names; no zod (the job page's chunk has none).
import { contactBy, DEFAULT_PROMISE_MINUTES, EMERGENCY_PROMISE_MINUTES, PROMISE_HOURS } from "./contact-promise";
import { wallClockIn, zoneOfState } from "./state-time";

const dayNames = new Map<string, Intl.DateTimeFormat>();
/** "Tue 3 Mar" on the zone's clock (one formatter per zone, made on first use). */
function dayName(zone: string, instant: Date) {
  let made = dayNames.get(zone);
  if (!made) {
    made = new Intl.DateTimeFormat("en-AU", { timeZone: zone, weekday: "short", day: "numeric", month: "short" });
    dayNames.set(zone, made);
  }
  const part = Object.fromEntries(made.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.weekday} ${part.day} ${part.month!.replace(/\.$/, "")}`;
}

const dayNumber = (instant: Date, zone: string) => {
  const w = wallClockIn(zone, instant);
  return Date.UTC(w.year, w.month - 1, w.day) / 86_400_000;
};

/** "11:14 am today", "8:30 am tomorrow", "8:30 am Tue 24 Nov": the promise's instant on the clock of the request's state. */
export function promiseDayTime(by: Date, state: string | null, now: Date): string {
  const zone = zoneOfState(state);
  const { hour, minute } = wallClockIn(zone, by);
  const days = dayNumber(by, zone) - dayNumber(now, zone);
  const day = days === 0 ? "today" : days === 1 ? "tomorrow" : dayName(zone, by);
  return `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"} ${day}`;
}

const clockHour = (hour: number) => `${hour % 12 || 12} ${hour < 12 ? "am" : "pm"}`;
const duration = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "";
  const m = rest ? `${rest} minute${rest === 1 ? "" : "s"}` : "";
  return [h, m].filter(Boolean).join(" ");
};

/** The rule in words: "within 2 hours of taking your job, counted 7 am to 7 pm", or an emergency's 30 minutes, day or night. */
export function promiseRule(emergency: boolean, promiseMinutes = DEFAULT_PROMISE_MINUTES): string {
  if (emergency) return `within ${duration(EMERGENCY_PROMISE_MINUTES)} of taking your job, day or night`;
  return `within ${duration(promiseMinutes)} of taking your job, counted ${clockHour(PROMISE_HOURS.start)} to ${clockHour(PROMISE_HOURS.end)}`;
}

/** The promise as a sentence's start and its time, which the pages set in bold: "They will contact you by" + "11:14 am today". */
export interface PromiseWords {
  lead: string;
  at: string;
}

/** After the sale: the buyer's promise (`contactBy` from the sale, as the server sends it). */
export function promiseAfterSale(by: Date, state: string | null, now: Date): PromiseWords {
  return { lead: by.getTime() < now.getTime() ? "They were due to contact you by" : "They will contact you by", at: promiseDayTime(by, state, now) };
}

/**
 * Before anyone has taken the request (the success page): the same rule counted from now, the
 * earliest a sale can be. Said as what it is: the time if it is taken now.
 */
export function promiseBeforeSale(request: { emergency: boolean; state: string | null }, now: Date, promiseMinutes = DEFAULT_PROMISE_MINUTES): PromiseWords {
  const by = contactBy({ purchasedAt: now, state: request.state, emergency: request.emergency, promiseMinutes });
  return { lead: "Taken now, the electrician will contact you by", at: promiseDayTime(by, request.state, now) };
}
