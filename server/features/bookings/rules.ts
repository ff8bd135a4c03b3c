// Who may offer booking windows, and what the customer may do with them (docs/decisions/102-
// booking-windows.md). Pure: the card, the job page and the routes read the same answers.
import { isBookedStage } from "../../../shared/customer-updates";
import { WINDOW_MESSAGES } from "../../../shared/booking-windows";

export interface OfferFacts {
  source: string;
  salesStage: string;
  paymentStatus: string;
  refundedAt: Date | null;
  isArchived: boolean;
  /** A `reached` contact attempt or a quote on this purchase. */
  spokeOrQuoted: boolean;
  /** When the customer closed the request from their job page, if they did. */
  closedByCustomerAt: Date | null;
}

/** Stages that mean the customer was spoken to: Called and every stage after it up to Booked In. */
const SPOKEN_STAGES = new Set(["called", "quote_sent", "quote_accepted", "booked_in"]);
/** Done with: declined, paid, and the template's old Picked up and Delivered rows. */
const DONE_STAGES = new Set(["declined", "invoice_paid", "picked_up", "delivered"]);

/**
 * Why windows cannot be offered now, or null when they can: a market job (an own job keeps the
 * card's direct booking), paid for and open (not declined, Paid, archived or refunded), and
 * Called or later, or with a reached call or a quote on record.
 */
export function offerBlock(f: OfferFacts): string | null {
  if (f.source === "provider_manual") return WINDOW_MESSAGES.ownJob;
  if (!openForBooking(f)) return WINDOW_MESSAGES.closed;
  if (!SPOKEN_STAGES.has(f.salesStage) && !f.spokeOrQuoted) return WINDOW_MESSAGES.notYet;
  return null;
}

/**
 * Paid for, not refunded or archived, not done with (declined, paid, picked up, delivered), and the
 * request not closed by its customer: a job whose time may still be agreed or changed.
 */
export const openForBooking = (p: Pick<OfferFacts, "salesStage" | "paymentStatus" | "refundedAt" | "isArchived" | "closedByCustomerAt">) =>
  p.paymentStatus === "completed" && p.refundedAt === null && !p.isArchived && !DONE_STAGES.has(p.salesStage) && p.closedByCustomerAt === null;

/** A booked time still ahead: the one a move or a cancellation gives up. */
export const bookedAhead = (p: { salesStage: string; jobStartsAt: Date | null }, now: Date) =>
  isBookedStage(p.salesStage) && p.jobStartsAt !== null && p.jobStartsAt.getTime() > now.getTime();
