// Keeping the customer informed after the sale (docs/decisions/049-missed-promises-and-refunds.md,
// "Keeping the customer informed"): the booking's SMS, the evening before, and "On my way" with
// an ETA. The server and the card read the same rules and words here. Market jobs only: a
// provider's own job (`provider_manual`) never texts its customer (docs/product.md section 14).
import { z } from "zod";
import type { SalesStage } from "./enums";
import { instantOfWallClock, wallClockIn, zoneOfState } from "./state-time";

/** The stages that mean "booked": Booked In, and the template's old Picked up / Delivered rows (as the job page reads them). */
export const BOOKED_STAGES: readonly SalesStage[] = ["booked_in", "picked_up", "delivered"];
export const isBookedStage = (stage: string) => (BOOKED_STAGES as readonly string[]).includes(stage);

/** The ETA a customer is told, in minutes: from "just around the corner" to a half-day drive. */
export const ETA_MINUTES = { min: 5, max: 240 } as const;
/** The card's big buttons; any other whole number of minutes in range is typed. */
export const ETA_QUICK_CHOICES = [10, 20, 30, 45, 60] as const;
/** One "On my way" SMS per job in this many minutes, however often the button is tapped. */
export const ON_MY_WAY_WINDOW_MINUTES = 10;

export const ETA_MESSAGE = `Enter the minutes until you arrive, ${ETA_MINUTES.min} to ${ETA_MINUTES.max}`;

/** POST /api/lead-purchases/:id/on-my-way */
export const onMyWayRequest = z.object({
  etaMinutes: z.number({ error: ETA_MESSAGE }).int(ETA_MESSAGE).min(ETA_MINUTES.min, ETA_MESSAGE).max(ETA_MINUTES.max, ETA_MESSAGE),
});
export type OnMyWayRequest = z.infer<typeof onMyWayRequest>;

export const onMyWayResponse = z.object({
  /** False when the customer was already told within the window: nothing new was sent. */
  sent: z.boolean(),
  /** The minutes the customer was told (this tap's, or the earlier one's when nothing was sent). */
  etaMinutes: z.number().int(),
  /** ISO instant the customer was told. */
  at: z.string(),
  /** ISO instant from which another tap sends again. */
  againAt: z.string(),
});
export type OnMyWayResponse = z.infer<typeof onMyWayResponse>;

export const ON_MY_WAY_MESSAGES = {
  ownJob: "This is your own job (added by you, not bought), so we do not text its customer. Call them instead.",
  notMobile: "The customer's number is not a mobile, so we cannot text them. Call them instead.",
  closed: "This job is declined, archived or refunded, so the customer is not texted.",
  sent: "The customer has been told you are on the way",
} as const;

/** The audit trail's fields (docs/decisions/018): what the customer was told, and by whom. */
export const BOOKING_SMS_FIELD = "bookingSms";
export const ON_MY_WAY_FIELD = "onMyWay";

/**
 * Whether the card offers "On my way": any live market job not declined or paid. Electricians
 * visit to quote as often as to work, so it is not kept for Booked; the server refuses only
 * what it must (a declined, archived or refunded job, an own job, a landline).
 */
export function offersOnMyWay(purchase: { salesStage: string; lead: { source: string } }): boolean {
  return purchase.lead.source !== "provider_manual" && purchase.salesStage !== "declined" && purchase.salesStage !== "invoice_paid";
}

/** An ETA typed in the card's own box: a whole number of minutes in range, or the message saying what is wrong. */
export function parseEtaMinutes(typed: string): { ok: true; minutes: number } | { ok: false; message: string } {
  const text = typed.trim();
  if (!/^\d{1,3}$/.test(text)) return { ok: false, message: ETA_MESSAGE };
  const minutes = Number(text);
  return minutes >= ETA_MINUTES.min && minutes <= ETA_MINUTES.max ? { ok: true, minutes } : { ok: false, message: ETA_MESSAGE };
}

/** "about 20 minutes", "about 1 hour", "about 1 h 30 min" as the SMS and the card say it. */
export function etaWords(minutes: number): string {
  if (minutes < 60) return `about ${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return `about ${hours} hour${hours === 1 ? "" : "s"}`;
  return `about ${hours} h ${rest} min`;
}

/** The evening-before reminder goes from this hour on the lead's state's clock, the day before the job. */
export const EVENING_REMINDER_HOUR = 18;
/**
 * A booking sent to the customer less than this long before its evening reminder would go is
 * its own reminder: a job booked that morning, or that evening for the next day, gets none.
 */
export const EVENING_REMINDER_FRESH_MS = 12 * 3600_000;

/** 18:00 on the wall clock of the lead's state (Sydney's for none), the day before the job starts. */
export function eveningBeforeAt(startsAt: Date, state: string | null): Date {
  const zone = zoneOfState(state);
  const day = wallClockIn(zone, startsAt);
  return instantOfWallClock(zone, { year: day.year, month: day.month, day: day.day - 1 }, EVENING_REMINDER_HOUR);
}

/** Whether two instants fall on one day of the lead's state's calendar. */
export function sameStateDay(a: Date, b: Date, state: string | null): boolean {
  const zone = zoneOfState(state);
  const [x, y] = [wallClockIn(zone, a), wallClockIn(zone, b)];
  return x.year === y.year && x.month === y.month && x.day === y.day;
}
