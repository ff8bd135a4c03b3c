// The job page's words for booking windows (docs/decisions/102-booking-windows.md). Written out
// here, not imported from shared/booking-windows.ts: that module builds its Zod schemas as it
// loads, and the job page's chunk carries no Zod (docs/decisions/047-job-page-screens.md). A unit
// test (JobBooking.test.ts) holds each of them to the shared one.
import type { JobBooking } from "@shared/jobs";
import { formatStateDayTime } from "@shared/state-time-text";

/** As shared/booking-windows.ts BOOKING_NOTE_MAX. */
export const NOTE_MAX = 300;

/** As the shared WINDOW_MESSAGES the page shows before sending, and customerBookingNote's refusal. */
export const BOOKING_WORDS = {
  picked: "Your time is booked",
  askedOtherTimes: "We have asked your electrician for other times",
  moveAsked: "We have told your electrician you need another time",
  noteNeeded: "Say which days or times suit you",
} as const;

/** "9:00 am - 11:00 am Tue 2 Dec" on the state's clock: shared/booking-windows.ts windowText, as the SMS says it. */
export function windowText(span: { startsAt: Date; endsAt: Date }, state: string | null): string {
  const [startTime, startHalf, ...day] = formatStateDayTime(span.startsAt, state).split(" ");
  const [endTime, endHalf] = formatStateDayTime(span.endsAt, state).split(" ");
  return `${startTime} ${startHalf} - ${endTime} ${endHalf} ${day.join(" ")}`;
}

/** A window as the wire sends it (ISO strings), in words. */
export const windowWords = (w: { startsAt: string; endsAt: string }, state: string | null) =>
  windowText({ startsAt: new Date(w.startsAt), endsAt: new Date(w.endsAt) }, state);

type Change = NonNullable<JobBooking["lastChange"]>;

/** The last change, said plainly to the customer, with the words either side gave. */
export function lastChangeText(change: Change): string {
  const note = change.note.trim();
  const said = (lead: string) => (note ? `${lead}: ${note}` : `${lead}.`);
  switch (change.kind) {
    case "other_times":
      return said("You asked for other times");
    case "customer_moved":
      return said("You asked to move the time");
    case "electrician_moved":
      return said("Your electrician needs to move the time");
    case "electrician_cancelled":
      return said("Your electrician cancelled the booked time");
  }
}
