// What the customer may do on their job page now (docs/decisions/049-missed-promises-and-
// refunds.md): the page lists these in `actions`, and the two routes refuse what is not open by
// the same rules, so the page never offers what the server would refuse. Pure.
import type { SalesStage } from "../../../shared/enums";
import type { CustomerAction, JobStatus } from "../../../shared/jobs";
import { PHOTOS_OPEN } from "../../../shared/job-page";

export interface ActionFacts {
  status: JobStatus;
  /** The live purchase: its stage, how many contact attempts were logged, and its promise. */
  sale: { salesStage: SalesStage; attempts: number; contactBy: Date; unreachableClaimOpen?: boolean } | null;
  /** The request holds fewer photos than it may. */
  photoRoom?: boolean;
  /** The electrician's latest quote waits for an answer (docs/decisions/051-quotes-and-tax-invoices.md). */
  quoteOpen?: boolean;
  /** The quote's deposit or an invoice can be paid online now (docs/decisions/056-money-online-stripe-connect.md). */
  payOpen?: boolean;
  /** The job's review may be written, or the customer's own edited, now (docs/decisions/058-reviews.md). */
  reviewOpen?: boolean;
  /** Offered windows wait for the customer's pick (docs/decisions/102-booking-windows.md). */
  windowsOpen?: boolean;
  /** A booked time is ahead, which the customer may ask to move (docs/decisions/102). */
  bookingMovable?: boolean;
  now: Date;
}

/** A request is open until it is paid or closed (declined, archived, refunded, or closed by the customer). */
export const isOpen = (status: JobStatus) => status !== "paid" && status !== "closed";

/** Why "No one has contacted me" cannot be sent now, or null when it can (attempts or not: they only decide what follows). */
export function notContactedBlock(f: ActionFacts): "tooEarly" | "notOpen" | null {
  if (!isOpen(f.status) || !f.sale || f.sale.salesStage !== "purchased") return "notOpen";
  if (f.now.getTime() < f.sale.contactBy.getTime()) return "tooEarly";
  return null;
}

/**
 * `not_contacted` once the promise has passed while the buyer logged no attempt and moved
 * nothing (still Purchased); `still_need` while the buyer's "customer unreachable" claim waits
 * for the customer's answer; `add_photos` until the job is booked while there is room
 * (docs/decisions/050-photos.md); `accept_quote` and `decline_quote` while the latest quote is
 * open (docs/decisions/051); `pay` while the quote's deposit or an invoice can be paid online
 * (docs/decisions/056); `review` while the job's review may be written or edited (docs/decisions/058);
 * `pick_window` and `other_times` while offered windows wait, `move_booking` while a booked
 * time is ahead (docs/decisions/102-booking-windows.md); `close` while the request is open.
 */
export function customerActions(f: ActionFacts): CustomerAction[] {
  const actions: CustomerAction[] = [];
  if (notContactedBlock(f) === null && f.sale!.attempts === 0) actions.push("not_contacted");
  if (f.sale?.unreachableClaimOpen) actions.push("still_need");
  if (f.photoRoom && PHOTOS_OPEN.includes(f.status)) actions.push("add_photos");
  if (f.quoteOpen && f.sale) actions.push("accept_quote", "decline_quote");
  if (f.payOpen && f.sale) actions.push("pay");
  if (f.reviewOpen) actions.push("review");
  if (f.windowsOpen && f.sale && isOpen(f.status)) actions.push("pick_window", "other_times");
  if (f.bookingMovable && f.sale && isOpen(f.status)) actions.push("move_booking");
  if (isOpen(f.status)) actions.push("close");
  return actions;
}
