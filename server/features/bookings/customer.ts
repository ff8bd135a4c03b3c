// The customer's side of booking windows on the job page (docs/decisions/102-booking-windows.md):
// pick one of the offered windows, ask for other times, or ask to move a booked time. The token is
// the key. The job's row is locked first, so two picks at once (two phones, two instances) meet
// on it: the first books its window, the second finds the offer answered (409).
import { WINDOW_MESSAGES, windowText } from "../../../shared/booking-windows";
import type { JobBooking } from "../../../shared/jobs";
import type { Lead, LeadPurchase } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { conflict } from "../../platform/http/errors";
import { enqueueProviderNotice } from "../../core/messages";
import type { BookingDeps } from "./deps";
import * as repo from "./repo";
import { bookedAhead, openForBooking } from "./rules";
import { isBookedStage } from "../../../shared/customer-updates";
import { withdrawOffer } from "./offer";
import { jobPageBookingOf } from "./view";

export interface BookingAnswer {
  message: string;
  booking: JobBooking;
}

/** The job's worker (the assignee, else the buyer) hears of the customer's answer by their alert channels and on the dashboard. */
const tellElectrician = (tx: Db, deps: BookingDeps, purchase: LeadPurchase, notice: { event: string; lead: Lead; title: string; body: string; now: Date }) =>
  enqueueProviderNotice(tx, { ...notice, userId: purchase.assignedTo ?? purchase.buyerId, leadId: notice.lead.id, origin: deps.settings.origin });

async function answered(deps: BookingDeps, lead: Lead, message: string): Promise<BookingAnswer> {
  deps.wake();
  const { booking } = await jobPageBookingOf(deps.db, lead, deps.now());
  return { message, booking: booking ?? { windows: [], booked: null, lastChange: null } };
}

/** The live sale, locked, and its open offer; 409 when no offer waits for the customer. */
async function openOfferOf(tx: Db, lead: Lead) {
  const purchase = lead.source === "provider_manual" ? undefined : await repo.lockLivePurchaseOfLead(tx, lead.id);
  // Read after the lock: a pick that committed while this one waited is seen here.
  // A job booked since the offer (a time agreed by phone and typed on the card) takes no pick over it.
  const open = purchase && openForBooking({ ...purchase, closedByCustomerAt: lead.closedByCustomerAt }) && !isBookedStage(purchase.salesStage);
  const offer = open ? await repo.openOffer(tx, purchase.id) : null;
  if (!purchase || !offer) throw conflict(WINDOW_MESSAGES.notOpen);
  return { purchase, offer };
}

export async function pickWindow(deps: BookingDeps, lead: Lead, windowId: number): Promise<BookingAnswer> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { purchase, offer } = await openOfferOf(tx, lead);
    const window = offer.windows.find((w) => w.id === windowId);
    if (!window || window.startsAt.getTime() <= now.getTime()) throw conflict(WINDOW_MESSAGES.windowGone);
    // Who comes may have been booked since the offer (another customer's pick, a time typed on a
    // card): picks for one person wait for each other here, and a window now taken is refused.
    const workerId = purchase.assignedTo ?? purchase.buyerId;
    await repo.lockDiaryOf(tx, workerId);
    if ((await repo.bookedSpansOf(tx, workerId, purchase.id, now)).some((job) => job.startsAt < window.endsAt && window.startsAt < job.endsAt)) {
      throw conflict(WINDOW_MESSAGES.windowTaken);
    }
    if (!(await repo.answerOffer(tx, offer.id, { status: "picked", windowId, now }))) throw conflict(WINDOW_MESSAGES.notOpen);
    await deps.book(tx, purchase.id, { startsAt: window.startsAt, endsAt: window.endsAt, changedBy: null, now, settings: deps.settings });
    await tellElectrician(tx, deps, purchase, {
      event: `booking.picked:${offer.id}`,
      lead,
      title: `Job ${lead.jobReference} booked`,
      body: `The customer picked ${windowText(window, lead.state)}. The job is Booked In.`,
      now,
    });
  });
  return answered(deps, lead, WINDOW_MESSAGES.picked);
}

export async function askOtherTimes(deps: BookingDeps, lead: Lead, note: string): Promise<BookingAnswer> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { purchase, offer } = await openOfferOf(tx, lead);
    if (!(await repo.answerOffer(tx, offer.id, { status: "other_times", customerNote: note, now }))) throw conflict(WINDOW_MESSAGES.notOpen);
    await repo.recordChange(tx, { purchaseId: purchase.id, kind: "other_times", note, offerId: offer.id, startsAt: null, changedBy: null, now });
    await tellElectrician(tx, deps, purchase, {
      event: `booking.other-times:${offer.id}`,
      lead,
      title: `Job ${lead.jobReference}: other times asked for`,
      body: `None of the times suit the customer: "${note}". Offer new times from the job's card.`,
      now,
    });
  });
  return answered(deps, lead, WINDOW_MESSAGES.askedOtherTimes);
}

export async function askToMove(deps: BookingDeps, lead: Lead, note: string): Promise<BookingAnswer> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const purchase = lead.source === "provider_manual" ? undefined : await repo.lockLivePurchaseOfLead(tx, lead.id);
    if (!purchase || !openForBooking({ ...purchase, closedByCustomerAt: lead.closedByCustomerAt }) || !bookedAhead(purchase, now)) {
      throw conflict(WINDOW_MESSAGES.noBooking);
    }
    const startsAt = purchase.jobStartsAt!;
    await deps.unbook(tx, purchase.id, { changedBy: null, now });
    const undone = await repo.latestOffer(tx, purchase.id);
    await withdrawOffer(tx, purchase.id, lead.id, now);
    const change = { kind: "customer_moved" as const, note, offerId: undone?.id ?? null, startsAt, changedBy: null, now };
    const changeId = await repo.recordChange(tx, { purchaseId: purchase.id, ...change });
    await tellElectrician(tx, deps, purchase, {
      event: `booking.customer-moved:${changeId}`,
      lead,
      title: `Job ${lead.jobReference}: the customer needs another time`,
      body: `The customer cannot make the booked time: "${note}". The job is back out of Booked In; offer new times from its card.`,
      now,
    });
  });
  return answered(deps, lead, WINDOW_MESSAGES.moveAsked);
}
