// The electrician's side of booking windows (docs/decisions/102-booking-windows.md): offer one to
// four windows from the card, move a booked time by offering new ones with a reason, or cancel it.
// Scoped like every purchase call: a stranger's job is a 404. Each change texts the customer once,
// by an outbox row written in the change's own transaction (docs/decisions/046-one-outbox.md).
import type { z } from "zod";
import type { CurrentUser } from "../../../shared/auth";
import {
  checkWindows,
  jobEndOf,
  problemText,
  WINDOW_MESSAGES,
  windowText,
  type cancelBookingRequest,
  type offerWindowsRequest,
} from "../../../shared/booking-windows";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";

import type { LeadPurchase } from "../../../shared/schema";
import { purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import { createJobLink } from "../../core/job-links";
import { enqueueBookingNews, withdrawBookingNews } from "../../core/messages";
import type { BookingDeps } from "./deps";
import * as repo from "./repo";
import { bookedAhead, offerBlock } from "./rules";
import { cardBookingOf } from "./view";

/** The card's save was based on an older version of the job (docs/decisions/037): nothing is changed. */
const staleJob = (current: LeadPurchase) =>
  new AppError(409, "Someone saved a newer version of this job. Reload it and offer the times again.", undefined, {
    current: { version: current.version, salesStage: current.salesStage },
  });

async function lockedJob(tx: Db, user: CurrentUser, purchaseId: number, version: number) {
  const purchase = await repo.purchaseOf(tx, purchaseId, purchaseOwnerFilter(user), true);
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  if (version !== purchase.version) throw staleJob(purchase);
  return { purchase, lead: await repo.leadOf(tx, purchase.leadId) };
}

/** The waiting offer lapses, and its SMS with it if quiet hours still hold it: the customer hears only what stands. */
export async function withdrawOffer(tx: Db, purchaseId: number, leadId: number, now: Date) {
  for (const offerId of await repo.withdrawOpenOffer(tx, purchaseId, now)) await withdrawBookingNews(tx, leadId, `booking.offered:${offerId}`, now);
}

const jobUrl = async (deps: BookingDeps, tx: Db, leadId: number, now: Date) => `${deps.settings.origin}${await createJobLink(tx, leadId, now)}`;

export async function offerWindows(deps: BookingDeps, user: CurrentUser, purchaseId: number, input: z.output<typeof offerWindowsRequest>) {
  const now = deps.now();
  const version = await deps.db.transaction(async (tx) => {
    const { purchase, lead } = await lockedJob(tx, user, purchaseId, input.version);
    const block = offerBlock({ ...purchase, ...lead, spokeOrQuoted: await repo.spokeOrQuoted(tx, purchase.id) });
    if (block) throw conflict(block);
    const moving = bookedAhead(purchase, now);
    const reason = input.reason?.trim() || null;
    if (moving && !reason) throw new AppError(400, WINDOW_MESSAGES.reasonNeeded, { reason: WINDOW_MESSAGES.reasonNeeded });
    const workerId = purchase.assignedTo ?? purchase.buyerId;
    const booked = await repo.bookedSpansOf(tx, workerId, purchase.id, now);
    const checked = checkWindows(input.windows, { state: lead.state, now, booked });
    if (!checked.ok) {
      const errors = Object.fromEntries(checked.problems.map((p) => [`windows.${p.index}.${p.field}`, problemText(p)]));
      throw new AppError(400, problemText(checked.problems[0]!), errors);
    }
    await withdrawOffer(tx, purchase.id, lead.id, now);
    let after = purchase.version;
    if (moving) after = (await deps.unbook(tx, purchase.id, { changedBy: user.id, now }))!.version;
    const offerId = await repo.insertOffer(tx, { purchaseId: purchase.id, offeredBy: user.id, reason, windows: checked.windows, now });
    if (moving) {
      const change = { kind: "electrician_moved" as const, note: reason!, offerId, startsAt: purchase.jobStartsAt, changedBy: user.id, now };
      await repo.recordChange(tx, { purchaseId: purchase.id, ...change });
    }
    const url = await jobUrl(deps, tx, lead.id, now);
    await enqueueBookingNews(tx, deps.settings, {
      event: `booking.offered:${offerId}`,
      lead,
      buyerId: purchase.buyerId,
      workerId,
      now,
      text: (who) =>
        moving
          ? `${who} needs to move your booking (${reason}). Pick a new time: ${url}`
          : `${who} has offered ${checked.windows.length === 1 ? "a time" : `${checked.windows.length} times`} for your job. Pick the one that suits: ${url}`,
    });
    return after;
  });
  deps.wake();
  return { booking: await cardBookingOf(deps.db, user, purchaseId), version };
}

export async function cancelBooking(deps: BookingDeps, user: CurrentUser, purchaseId: number, input: z.output<typeof cancelBookingRequest>) {
  const now = deps.now();
  const version = await deps.db.transaction(async (tx) => {
    const { purchase, lead } = await lockedJob(tx, user, purchaseId, input.version);
    if (lead.source === "provider_manual") throw conflict(WINDOW_MESSAGES.ownJob);
    if (!bookedAhead(purchase, now)) throw conflict(WINDOW_MESSAGES.noBooking);
    const span = { startsAt: purchase.jobStartsAt!, endsAt: jobEndOf(purchase.jobStartsAt!, purchase.jobEndsAt) };
    const after = (await deps.unbook(tx, purchase.id, { changedBy: user.id, now }))!.version;
    const undone = await repo.latestOffer(tx, purchase.id);
    await withdrawOffer(tx, purchase.id, lead.id, now);
    const changeId = await repo.recordChange(tx, {
      purchaseId: purchase.id,
      kind: "electrician_cancelled",
      note: input.reason,
      offerId: undone?.id ?? null,
      startsAt: span.startsAt,
      changedBy: user.id,
      now,
    });
    const url = await jobUrl(deps, tx, lead.id, now);
    await enqueueBookingNews(tx, deps.settings, {
      event: `booking.cancelled:${changeId}`,
      lead,
      buyerId: purchase.buyerId,
      workerId: purchase.assignedTo ?? purchase.buyerId,
      now,
      text: (who) => `${who} has cancelled the booking for ${windowText(span, lead.state)} (${input.reason}). Your job: ${url}`,
    });
    return after;
  });
  deps.wake();
  return { booking: await cardBookingOf(deps.db, user, purchaseId), version };
}
