// Running the jobs (docs/decisions/031): who works a job, the booked job as a calendar
// file, and the follow-ups due. Scoped like every purchase call: a stranger's job is a 404.
import { createEvent } from "ics";
import type { CurrentUser } from "../../../shared/auth";
import { formatAustralianPhone } from "../../../shared/phone";
import { followUpSummary } from "../../../shared/follow-ups";
import { ASSIGN_MESSAGES } from "../../../shared/pipeline-jobs";
import { jobEndOf } from "../../../shared/booking-windows";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";

import { PRODUCT_NAME } from "../../../shared/site";
import { pipelineOwnerId, purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/errors";
import { recordChanges } from "./audit";
import * as repo from "./repo";
import { staleSave } from "./service";
import { isTeamMember } from "../../platform/access/team-repo";

const nameOf = (db: Db, userId: number | null) => (userId === null ? null : repo.displayName(db, userId));

/**
 * The route admits owners only (policy `assignJobs`); the assignee must be in the buyer's own
 * team. The history records names, so it reads "Assigned to: none → Sam Lee".
 */
export async function assignPurchase(db: Db, user: CurrentUser, purchaseId: number, change: { assignedTo: number | null; version: number }, now: Date) {
  const { assignedTo, version } = change;
  return db.transaction(async (tx) => {
    const before = await repo.lockLivePurchase(tx, purchaseId, purchaseOwnerFilter(user));
    if (!before) throw notFound(PIPELINE_MESSAGES.notFound);
    // Handed out on what the owner saw: a newer save is shown first (decision 037).
    if (version !== before.version) throw await staleSave(tx, before);
    if (assignedTo !== null) {
      if (!(await isTeamMember(tx, before.buyerId, assignedTo))) throw new AppError(400, ASSIGN_MESSAGES.notInTeam, { assignedTo: ASSIGN_MESSAGES.notInTeam });
    }
    const row = await repo.setAssignee(tx, before.id, assignedTo, now);
    if (before.assignedTo !== assignedTo) {
      const names = { assignedTo: await nameOf(tx, before.assignedTo) };
      const next = { assignedTo: await nameOf(tx, assignedTo) };
      await recordChanges(tx, { purchaseId: before.id, changedBy: user.id, now }, names, next, ["assignedTo"]);
    }
    return row!;
  });
}

/**
 * The booked job as an RFC 5545 file: times in UTC (every calendar shows them in its own
 * zone), the suburb as the location, and only what the card itself shows the viewer.
 */
export async function jobCalendar(db: Db, user: CurrentUser, purchaseId: number, now: Date) {
  const purchase = await repo.findLivePurchase(db, purchaseId, purchaseOwnerFilter(user));
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  if (!purchase.jobStartsAt) throw notFound(ASSIGN_MESSAGES.noBooking);
  const lead = await repo.findJobOf(db, purchase);
  const place = [lead.suburb, lead.state, lead.postcode].filter(Boolean).join(" ") || lead.serviceLocation;
  const { error, value } = createEvent({
    productId: `-//${PRODUCT_NAME}//Pipeline//EN`,
    uid: `purchase-${purchase.id}@pipeline`,
    start: purchase.jobStartsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    // A picked window's own end; a typed time takes two hours (docs/decisions/102-booking-windows.md).
    end: jobEndOf(purchase.jobStartsAt, purchase.jobEndsAt).getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: `${lead.jobReference}: ${lead.customerName}`,
    location: place,
    description: [`Job ${lead.jobReference}`, `Customer: ${lead.customerName}, ${formatAustralianPhone(lead.customerPhone)}`, lead.electricalWork].join("\n"),
    created: purchase.purchasedAt.getTime(),
    lastModified: now.getTime(),
  });
  if (error || !value) throw error ?? new Error("calendar file not built");
  return { ics: value, fileName: `job-${lead.jobReference}.ics` };
}

/** The dashboard's follow-up figures over the pipeline it lists (archived jobs left out). */
export async function followUps(db: Db, user: CurrentUser, now: Date) {
  return followUpSummary(await repo.followUpDates(db, pipelineOwnerId(user)), now);
}
