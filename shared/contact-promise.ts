// The contact promise (docs/decisions/045-contact-promise.md): by when the electrician who
// bought a market lead will contact its customer. The one home of the rule: the job page, the
// pipeline card, the handover SMS and the reminder all call contactBy, always from the sale's
// own time (lead_purchases.purchased_at), so they show the same instant and nothing is stored.
// What missing it does (the lead relisted without that buyer, their auto-buy paused) is
// server/features/jobs/missed-promise.ts.
import { instantOfWallClock, wallClockIn, zoneOfState } from "./state-time";

/** CONTACT_PROMISE_MINUTES' default: business minutes after the sale. */
export const DEFAULT_PROMISE_MINUTES = 120;
/** An emergency is promised within this many minutes, day or night. */
export const EMERGENCY_PROMISE_MINUTES = 30;
/** The hours an ordinary promise counts, on the wall clock of the lead's state: 07:00 to 19:00. */
export const PROMISE_HOURS = { start: 7, end: 19 } as const;
/** How long before the promise the electrician is reminded when nothing is logged. */
export const PROMISE_REMINDER_MINUTES = 15;

/** An emergency lead: the customer said so, as urgency or as service type. */
export const isEmergencyLead = (lead: { urgency: string; serviceType: string }) => lead.urgency === "emergency" || lead.serviceType === "emergency";

export interface PromiseInput {
  purchasedAt: Date;
  /** The lead's state ("WA"); its time zone sets the 07:00-19:00 window. */
  state: string | null;
  emergency: boolean;
  /** CONTACT_PROMISE_MINUTES. */
  promiseMinutes?: number;
}

const MINUTE = 60_000;

/**
 * The instant by which the customer will be contacted. An emergency: the sale plus 30 minutes.
 * Otherwise the sale plus `promiseMinutes` counted only between 07:00 and 19:00 in the state's
 * zone, every day of the week (a Sydney sale at 18:30 with 120 minutes: 08:30 the next day).
 */
export function contactBy(input: PromiseInput): Date {
  const start = input.purchasedAt.getTime();
  if (input.emergency) return new Date(start + EMERGENCY_PROMISE_MINUTES * MINUTE);
  const zone = zoneOfState(input.state);
  let left = (input.promiseMinutes ?? DEFAULT_PROMISE_MINUTES) * MINUTE;
  let at = start;
  // Each pass ends inside one day's window or moves to the next day's 07:00; a promise of
  // more than a year's business minutes is not one this product makes.
  for (let day = 0; day < 400; day++) {
    const today = wallClockIn(zone, new Date(at));
    const opens = instantOfWallClock(zone, today, PROMISE_HOURS.start).getTime();
    const closes = instantOfWallClock(zone, today, PROMISE_HOURS.end).getTime();
    if (at < opens) at = opens;
    if (at < closes) {
      if (left <= closes - at) return new Date(at + left);
      left -= closes - at;
    }
    at = instantOfWallClock(zone, { ...today, day: today.day + 1 }, PROMISE_HOURS.start).getTime();
  }
  throw new RangeError("contact promise too long");
}

/** The reminder's instant: 15 minutes before the promise (never before the sale). */
export function reminderAt(input: PromiseInput): Date {
  const by = contactBy(input).getTime();
  return new Date(Math.max(input.purchasedAt.getTime(), by - PROMISE_REMINDER_MINUTES * MINUTE));
}
