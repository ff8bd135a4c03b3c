// The demo's booking windows (docs/decisions/102-booking-windows.md): Dave offered Sophie three
// times for her quoted job, so her job page shows "Pick a time" and his card the open offer.
import { bookingOffers, bookingWindows } from "../../shared/schema";
import { checkWindows } from "../../shared/booking-windows";
import { wallClockIn, zoneOfState } from "../../shared/state-time";
import type { Db } from "../platform/db/client";

/** The day `days` after `now` on the state's calendar, "YYYY-MM-DD". */
function dayAfter(now: Date, days: number, state: string | null) {
  const w = wallClockIn(zoneOfState(state), new Date(now.getTime() + days * 86_400_000));
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

export async function seedDemoBookingWindows(tx: Db, input: { purchaseId: number; offeredBy: number; state: string | null; now: Date }) {
  const typed = [
    { date: dayAfter(input.now, 2, input.state), start: "08:00", end: "10:00" },
    { date: dayAfter(input.now, 2, input.state), start: "13:00", end: "15:30" },
    { date: dayAfter(input.now, 3, input.state), start: "07:30", end: "09:00" },
  ];
  const checked = checkWindows(typed, { state: input.state, now: input.now, booked: [] });
  if (!checked.ok) throw new Error(`demo booking windows: ${checked.problems.map((p) => p.message).join("; ")}`);
  const offeredAt = new Date(input.now.getTime() - 2 * 3600_000);
  const [offer] = await tx
    .insert(bookingOffers)
    .values({ purchaseId: input.purchaseId, offeredBy: input.offeredBy, createdAt: offeredAt })
    .returning({ id: bookingOffers.id });
  await tx.insert(bookingWindows).values(checked.windows.map((w) => ({ offerId: offer!.id, startsAt: w.startsAt, endsAt: w.endsAt })));
}
