// Keeping the customer informed from the pipeline (docs/decisions/049-missed-promises-and-refunds.md,
// "Keeping the customer informed"): a save that books a market job, or moves its start, texts
// the customer the new time; "On my way" texts them the ETA. Both are outbox rows written in the
// change's own transaction (docs/decisions/046-one-outbox.md) and an audit row saying who sent
// what, so the card's History shows it.
import type { CurrentUser } from "../../../shared/auth";
import {
  BOOKING_SMS_FIELD,
  isBookedStage,
  ON_MY_WAY_FIELD,
  ON_MY_WAY_MESSAGES,
  ON_MY_WAY_WINDOW_MINUTES,
  type OnMyWayRequest,
  type OnMyWayResponse,
} from "../../../shared/customer-updates";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";

import type { LeadPurchase } from "../../../shared/schema";
import { pipelineOwnerId, purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/http/errors";
import { createJobLink } from "../../core/job-links";
import { customerMobile, enqueueBookingMessage, enqueueOnMyWay, type CustomerMessageSettings } from "../../core/messages";
import { recordChanges } from "./audit";
import { lastChangeOf } from "./audit-repo";
import * as repo from "./repo";

export interface CustomerUpdates {
  settings: CustomerMessageSettings;
  /** Wakes this instance's outbox, so a message due now leaves now rather than at the next poll. */
  wake: () => void;
}

const WINDOW_MS = ON_MY_WAY_WINDOW_MINUTES * 60_000;

/** Paid, not refunded, not archived: a purchase whose customer we still write to. */
const stillOpen = (p: LeadPurchase) => p.paymentStatus === "completed" && p.refundedAt === null && !p.isArchived;

/**
 * Inside a save's transaction, after the row is written: when a market job is booked (or its
 * start moved) for a time still ahead, one SMS with the date and time on the customer's state's
 * clock and a fresh job link, unless they already heard that start (server/core/messages decides from
 * what the outbox sent). A re-save of the same start, notes typed on a booked card, or a start
 * in the past sends nothing. True when queued.
 */
export async function tellCustomerOfBooking(
  tx: Db,
  settings: CustomerMessageSettings,
  changedBy: number | null,
  before: LeadPurchase,
  row: LeadPurchase,
  now: Date,
) {
  const startsAt = row.jobStartsAt;
  if (!startsAt || !isBookedStage(row.salesStage) || startsAt.getTime() <= now.getTime() || !stillOpen(row)) return false;
  if (isBookedStage(before.salesStage) && before.jobStartsAt?.getTime() === startsAt.getTime()) return false;
  const lead = (await repo.findLead(tx, row.leadId))!;
  if (lead.source === "provider_manual") return false;
  const queued = await enqueueBookingMessage(tx, settings, {
    purchaseId: row.id,
    lead,
    buyerId: row.buyerId,
    workerId: row.assignedTo ?? row.buyerId,
    startsAt,
    endsAt: row.jobEndsAt,
    version: row.version,
    now,
    jobLink: () => createJobLink(tx, lead.id, now),
  });
  if (queued) {
    const told = await lastChangeOf(tx, row.id, BOOKING_SMS_FIELD);
    await recordChanges(tx, { purchaseId: row.id, changedBy, now }, { [BOOKING_SMS_FIELD]: told?.to ?? null }, { [BOOKING_SMS_FIELD]: startsAt }, [
      BOOKING_SMS_FIELD,
    ]);
  }
  return queued;
}

/**
 * "On my way": the buyer, their team or the super admin, like every purchase call (anyone else,
 * or a released purchase, is "not found"). One SMS per job per 10 minutes: a tap inside the
 * window sends nothing and says when the customer was told.
 */
export async function sendOnMyWay(
  db: Db,
  updates: CustomerUpdates,
  user: CurrentUser,
  purchaseId: number,
  input: OnMyWayRequest,
  now: Date,
): Promise<OnMyWayResponse> {
  const answer = await db.transaction(async (tx) => {
    // Locked: two taps at once see each other, so the window holds without leaning on the event's uniqueness.
    const purchase = await repo.lockLivePurchase(tx, purchaseId, purchaseOwnerFilter(user));
    if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
    const lead = (await repo.findLead(tx, purchase.leadId))!;
    if (lead.source === "provider_manual") throw conflict(ON_MY_WAY_MESSAGES.ownJob);
    if (purchase.salesStage === "declined" || !stillOpen(purchase)) throw conflict(ON_MY_WAY_MESSAGES.closed);
    if (!customerMobile(lead)) throw conflict(ON_MY_WAY_MESSAGES.notMobile);
    const last = await lastChangeOf(tx, purchase.id, ON_MY_WAY_FIELD);
    if (last && now.getTime() - last.at.getTime() < WINDOW_MS) {
      return { sent: false, etaMinutes: Number(last.to), at: last.at.toISOString(), againAt: new Date(last.at.getTime() + WINDOW_MS).toISOString() };
    }
    // Whoever tapped is who the customer expects at the door; the super admin tapping for a buyer names the job's own worker.
    const onTheTeam = pipelineOwnerId(user) === purchase.buyerId;
    await enqueueOnMyWay(tx, updates.settings, {
      purchaseId: purchase.id,
      lead,
      buyerId: purchase.buyerId,
      workerId: onTheTeam ? user.id : (purchase.assignedTo ?? purchase.buyerId),
      etaMinutes: input.etaMinutes,
      windowStart: new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS),
      now,
    });
    await recordChanges(
      tx,
      { purchaseId: purchase.id, changedBy: user.id, now },
      { [ON_MY_WAY_FIELD]: null },
      { [ON_MY_WAY_FIELD]: String(input.etaMinutes) },
      [ON_MY_WAY_FIELD],
    );
    return { sent: true, etaMinutes: input.etaMinutes, at: now.toISOString(), againAt: new Date(now.getTime() + WINDOW_MS).toISOString() };
  });
  if (answer.sent) updates.wake();
  return answer;
}
