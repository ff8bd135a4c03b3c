// The moves booking windows make of a job (docs/decisions/102-booking-windows.md), handed to the
// bookings feature by server/app.ts and run inside its transaction: a picked window books the
// job through the same path as a person's move (the stage's timestamp, the audit rows, the
// version bump, the booking SMS as the one confirmation); a cancelled or moved booking takes the
// job back to the stage it had before Booked In, with no time.
import type { SalesStage } from "../../../shared/enums";
import { isBookedStage } from "../../../shared/customer-updates";
import type { LeadPurchase } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { withdrawBookingMessages, type CustomerMessageSettings } from "../../core/messages";
import { recordChanges } from "./audit";
import { tellCustomerOfBooking } from "./customer-updates";
import * as repo from "./repo";

export interface WindowBooking {
  startsAt: Date;
  endsAt: Date;
  /** The electrician who acted, or null for the customer on the job page. */
  changedBy: number | null;
  now: Date;
  settings: CustomerMessageSettings;
}

const TIME_FIELDS = ["jobStartsAt", "jobEndsAt"] as const;

/** The job's row after the booking, and whether the customer's booking SMS was queued. */
export async function bookWindow(tx: Db, purchaseId: number, booking: WindowBooking): Promise<{ row: LeadPurchase; told: boolean } | null> {
  const before = await repo.lockLivePurchase(tx, purchaseId, null);
  if (!before) return null;
  // A job already further on (Paid, or an old Picked up/Delivered row) keeps its stage; only its time moves.
  const to: SalesStage | undefined = before.salesStage === "invoice_paid" || isBookedStage(before.salesStage) ? undefined : "booked_in";
  await repo.updatePurchaseStage(tx, before.id, { jobStartsAt: booking.startsAt, jobEndsAt: booking.endsAt, salesStage: to }, booking.now);
  // Every open card holding the older version is told a newer one was saved (decision 037).
  const row = await repo.bumpVersion(tx, before.id, booking.changedBy);
  if (to)
    await repo.recordStageChange(tx, { purchaseId: before.id, changedBy: booking.changedBy, fromStage: before.salesStage, toStage: to, now: booking.now });
  await recordChanges(tx, { purchaseId: before.id, changedBy: booking.changedBy, now: booking.now }, before, row, TIME_FIELDS);
  const told = await tellCustomerOfBooking(tx, booking.settings, booking.changedBy, before, row, booking.now);
  return { row, told };
}

const STAGES_BEFORE_BOOKING = new Set<SalesStage>(["purchased", "called", "quote_sent", "quote_accepted"]);

export interface Unbooking {
  changedBy: number | null;
  now: Date;
}

/**
 * The booked time is given up: the job leaves Booked In for the stage it came from (Called when
 * nothing says), its time is cleared and a booking SMS still waiting is withdrawn. A job at another
 * stage keeps it and only loses its time. The row after, or null for a job no longer live.
 */
export async function unbook(tx: Db, purchaseId: number, change: Unbooking): Promise<LeadPurchase | null> {
  const before = await repo.lockLivePurchase(tx, purchaseId, null);
  if (!before) return null;
  const came = before.salesStage === "booked_in" ? await repo.stageBeforeLast(tx, before.id, "booked_in") : undefined;
  // Only an open stage before Booked In: a job booked again after a refund out of Paid, or out of Declined, is not sent back there.
  const to = came === undefined ? undefined : came !== null && STAGES_BEFORE_BOOKING.has(came) ? came : "called";
  await repo.updatePurchaseStage(tx, before.id, { jobStartsAt: null, jobEndsAt: null, salesStage: to }, change.now);
  const row = await repo.bumpVersion(tx, before.id, change.changedBy);
  if (to) await repo.recordStageChange(tx, { purchaseId: before.id, changedBy: change.changedBy, fromStage: before.salesStage, toStage: to, now: change.now });
  await recordChanges(tx, { purchaseId: before.id, changedBy: change.changedBy, now: change.now }, before, row, TIME_FIELDS);
  await withdrawBookingMessages(tx, before.leadId, before.id, change.now);
  return row;
}
