// Dates on the wire (docs/decisions/075-limits-and-edges.md): every calendar day is "YYYY-MM-DD"
// and a real one ("2027-02-30" is not), every instant an ISO 8601 time with its offset, parsed
// here and nowhere else, so an impossible date is a 400 naming its field, never a 500 and never
// a day that silently becomes another.
import { z } from "zod";
import { endOfSydneyDay } from "./sydney-time";

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** A real calendar day written "YYYY-MM-DD": "2026-02-29" is not one, "2028-02-29" is. */
export function isCalendarDay(key: string): boolean {
  const m = DAY_KEY.exec(key);
  if (!m) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number(m[1]) >= 1 && day.toISOString().slice(0, 10) === key;
}

/** An ISO 8601 instant with its offset ("2027-02-28T13:00:00Z") on a real calendar day. */
export function isIsoInstant(value: string): boolean {
  const m = ISO_INSTANT.exec(value);
  return m !== null && isCalendarDay(m[1]!) && !Number.isNaN(Date.parse(value));
}

/** A calendar day field: "YYYY-MM-DD", a real day, else `message`. */
export const calendarDay = (message: string) => z.string({ error: message }).trim().refine(isCalendarDay, message);

/**
 * A moment given as an instant or as a calendar day (the end of that day in Sydney, as a form's
 * date picker means it); a Date passes as it is (a form's own value). Anything else: `message`.
 */
export const instantOrDay = (message: string) =>
  z
    .union(
      [
        z.date({ error: message }),
        z
          .string({ error: message })
          .trim()
          .refine((v) => isCalendarDay(v) || isIsoInstant(v), message),
      ],
      { error: message },
    )
    .transform((v) => (v instanceof Date ? v : isCalendarDay(v) ? endOfSydneyDay(v) : new Date(v)));
