// What the bookings feature needs from the app (server/app.ts wires them): the pipeline's own
// moves of a job, run inside this feature's transaction (docs/decisions/102-booking-windows.md).
import type { Db } from "../../platform/db/client";
import type { CustomerMessageSettings } from "../../core/messages";

/** Books the job for a picked window: Booked In, its time, the version bump, the booking SMS. Null for a job no longer live. */
export type BookWindow = (
  tx: Db,
  purchaseId: number,
  booking: { startsAt: Date; endsAt: Date; changedBy: number | null; now: Date; settings: CustomerMessageSettings },
) => Promise<{ row: { version: number }; told: boolean } | null>;

/** Gives the booked time up: back to the stage before Booked In, no time, a waiting booking SMS withdrawn. */
export type Unbook = (tx: Db, purchaseId: number, change: { changedBy: number | null; now: Date }) => Promise<{ version: number } | null>;

export interface BookingDeps {
  db: Db;
  now: () => Date;
  /** PUBLIC_URL and SITE_PHONE for the customer's SMS and the electrician's e-mail. */
  settings: CustomerMessageSettings;
  /** Wakes this instance's outbox, so a message due now leaves now. */
  wake: () => void;
  book: BookWindow;
  unbook: Unbook;
}
