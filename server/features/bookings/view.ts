// What the card and the job page show of a job's booking (docs/decisions/102-booking-windows.md).
// The card's owner sees every offer's answer and the customer's words; the job page, which a
// forwarded link can open, shows the windows, the booked time and the last change with contact
// details masked as the market masks them.
import type { CurrentUser } from "../../../shared/auth";
import { jobEndOf, type CardBooking } from "../../../shared/booking-windows";
import { isBookedStage } from "../../../shared/customer-updates";
import { JOB_TEXT_HIDDEN, type JobBooking } from "../../../shared/jobs";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";
import type { Lead, LeadPurchase } from "../../../shared/schema";
import { purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { HIDDEN_IN_TEXT, scrubFreeText } from "../../core/listing";
import * as repo from "./repo";
import { bookedAhead, offerBlock, openForBooking } from "./rules";

const bookedOf = (p: LeadPurchase) =>
  isBookedStage(p.salesStage) && p.jobStartsAt ? { startsAt: p.jobStartsAt.toISOString(), endsAt: jobEndOf(p.jobStartsAt, p.jobEndsAt).toISOString() } : null;

export async function cardBookingOf(db: Db, user: CurrentUser, purchaseId: number): Promise<CardBooking> {
  const purchase = await repo.purchaseOf(db, purchaseId, purchaseOwnerFilter(user));
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  const lead = await repo.leadOf(db, purchase.leadId);
  const offer = await repo.latestOffer(db, purchase.id);
  const block = offerBlock({ ...purchase, ...lead, spokeOrQuoted: await repo.spokeOrQuoted(db, purchase.id) });
  return {
    state: lead.state,
    offer: offer && {
      id: offer.id,
      status: offer.status,
      offeredAt: offer.createdAt.toISOString(),
      windows: offer.windows.map((w) => ({ id: w.id, startsAt: w.startsAt.toISOString(), endsAt: w.endsAt.toISOString(), picked: w.pickedAt !== null })),
      customerNote: offer.customerNote,
    },
    booked: bookedOf(purchase),
    canOffer: block === null,
    cannotOffer: block,
  };
}

export interface JobPageBooking {
  booking: JobBooking | null;
  /** Windows wait for a pick: `pick_window` and `other_times`. */
  windowsOpen: boolean;
  /** A booked time is ahead: `move_booking`. */
  movable: boolean;
}

const NONE: JobPageBooking = { booking: null, windowsOpen: false, movable: false };

/** The job page's booking (wired into server/features/jobs by server/app.ts). An own job's customer has no page to book on. */
export async function jobPageBookingOf(db: Db, lead: Lead, now: Date): Promise<JobPageBooking> {
  if (lead.source === "provider_manual") return NONE;
  const purchase = await repo.livePurchaseOfLead(db, lead.id);
  if (!purchase) return NONE;
  // The open offer, if any, is the newest: a new offer withdraws the one before it. One read, on a page that asks every 4 s.
  const latest = await repo.latestOffer(db, purchase.id);
  const offer = latest?.status === "open" ? latest : null;
  const windows = isBookedStage(purchase.salesStage) ? [] : (offer?.windows ?? []).filter((w) => w.startsAt.getTime() > now.getTime());
  const booked = bookedOf(purchase);
  // Once a time is booked again, what was asked before it is no longer the news.
  const change = booked ? null : await repo.lastChangeOf(db, purchase.id, latest?.id ?? null);
  const open = openForBooking({ ...purchase, closedByCustomerAt: lead.closedByCustomerAt });
  return {
    booking: {
      windows: windows.map((w) => ({ id: w.id, startsAt: w.startsAt.toISOString(), endsAt: w.endsAt.toISOString() })),
      booked,
      lastChange: change && {
        kind: change.kind,
        note: scrubFreeText(change.note, lead).replaceAll(HIDDEN_IN_TEXT, JOB_TEXT_HIDDEN),
        at: change.at.toISOString(),
      },
    },
    // A time booked since the offer (typed on the card) stands: its windows are not offered over it.
    windowsOpen: open && booked === null && windows.length > 0,
    movable: open && bookedAhead(purchase, now),
  };
}
