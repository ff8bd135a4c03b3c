// The rules of the provider CRM (docs/decisions/012). Reads like the story: whose purchase is it,
// what changes, what is recorded.
import type { CurrentUser } from "../../../shared/auth";
import type { SalesStage } from "../../../shared/enums";
import { checkAustralianPhone } from "../../../shared/phone";

import {
  EDIT_JOB_CHOICE_MESSAGES,
  EDIT_JOB_CHOICES,
  editJobOptions,
  type EditJobChoiceField,
  type editJobDetails,
  type salesStageUpdate,
} from "../../../shared/pipeline";
import { jobStartOnStateClock } from "../../../shared/job-clock";
import { BOOKING_NEEDS_A_TIME, BOOKING_TOO_FAR, MAX_BOOKING_DAYS_AHEAD } from "../../../shared/pipeline-jobs";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";
import type { LeadPurchase } from "../../../shared/schema";
import type { z } from "zod";
import { pipelineOwnerId, purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import type { MarketEvents } from "../../platform/events";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import { historyOf, recordChanges } from "./audit";
import { detailValuesOf, JOB_DETAIL_FIELDS } from "./job-details";
import { tellCustomerOfBooking, type CustomerUpdates } from "./customer-updates";
import * as repo from "./repo";

export const OWN_JOB_STAYS_PRIVATE = "This is the provider's own job (added by them, not bought). It stays in their pipeline and cannot go to the marketplace.";

/** Only the buyer, the buyer's team or the super admin; anyone else gets a 404, never a hint. */
async function ownedPurchase(db: Db, user: CurrentUser, purchaseId: number) {
  const purchase = await repo.findLivePurchase(db, purchaseId, purchaseOwnerFilter(user));
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  return purchase;
}

/** The values a person types on the card; a save that changes one bumps the version (031). */
const TYPED_FIELDS = ["salesNotes", "quotePrice", "customerPaymentAmount", "jobStartsAt", "followUpOn", "declineReason", "declineNote"] as const;

const sameValue = (a: unknown, b: unknown) => (a instanceof Date ? a.getTime() : a) === (b instanceof Date ? b.getTime() : b);

/**
 * A save based on an older version: refused with the values it would have overwritten and who
 * saved them. `movedBy`: the save was a move from a stage the job has since left, so who moved it.
 */
export async function staleSave(tx: Db, current: LeadPurchase, movedBy?: number | null) {
  const by = movedBy === undefined ? current.updatedBy : movedBy;
  const savedBy = by === null ? null : await repo.displayName(tx, by);
  const values = Object.fromEntries(TYPED_FIELDS.map((f) => [f, current[f]]));
  return new AppError(409, `${savedBy ?? "Someone"} saved a newer version of this job. Yours is kept: merge and save again.`, undefined, {
    current: { ...values, version: current.version, salesStage: current.salesStage },
    savedBy,
  });
}

export async function changeSalesStage(
  db: Db,
  user: CurrentUser,
  purchaseId: number,
  update: z.output<typeof salesStageUpdate>,
  now: Date,
  customer?: CustomerUpdates,
) {
  const { version, fromStage, jobStartsAt: typedStart, ...typed } = update;
  let told = false;
  const saved = await db.transaction(async (tx) => {
    // Locked, so a concurrent change waits and the recorded "from" stage is the real one.
    const before = await repo.lockLivePurchase(tx, purchaseId, purchaseOwnerFilter(user));
    if (!before) throw notFound(PIPELINE_MESSAGES.notFound);
    // The time is typed on the clock of the lead's state (DESIGN section 11).
    const changes = {
      ...typed,
      jobStartsAt: typedStart == null ? typedStart : jobStartOnStateClock(typedStart, (await repo.findLead(tx, before.leadId))!.state),
    };
    if (changes.jobStartsAt && changes.jobStartsAt.getTime() > now.getTime() + MAX_BOOKING_DAYS_AHEAD * 86_400_000) {
      throw new AppError(400, BOOKING_TOO_FAR, { jobStartsAt: BOOKING_TOO_FAR });
    }
    // The later of two editors must not silently overwrite the earlier (decision 037: always checked).
    if (version !== before.version) throw await staleSave(tx, before);
    if (fromStage !== undefined && fromStage !== before.salesStage) throw await staleSave(tx, before, await repo.lastStageMover(tx, before.id));
    const startsAt = changes.jobStartsAt === undefined ? before.jobStartsAt : changes.jobStartsAt;
    if (changes.salesStage === "booked_in" && before.salesStage !== "booked_in" && !startsAt) {
      throw new AppError(400, BOOKING_NEEDS_A_TIME, { jobStartsAt: BOOKING_NEEDS_A_TIME });
    }
    // A typed start replaces a picked window: the window's end no longer belongs to it (docs/decisions/102-booking-windows.md).
    const startMoved = changes.jobStartsAt !== undefined && !sameValue(changes.jobStartsAt, before.jobStartsAt);
    let row = await repo.updatePurchaseStage(tx, before.id, startMoved ? { ...changes, jobEndsAt: null } : changes, now);
    if (TYPED_FIELDS.some((f) => !sameValue(before[f], row[f]))) row = await repo.bumpVersion(tx, before.id, user.id);
    const to = changes.salesStage as SalesStage | undefined;
    if (to && to !== before.salesStage) {
      await repo.recordStageChange(tx, { purchaseId: before.id, changedBy: user.id, fromStage: before.salesStage, toStage: to, now });
    }
    await recordChanges(tx, { purchaseId: before.id, changedBy: user.id, now }, before, row, TYPED_FIELDS);
    // The customer hears of the booking and of every new start (docs/decisions/049, "Keeping the customer informed").
    if (customer) told = await tellCustomerOfBooking(tx, customer.settings, user.id, before, row, now);
    return row;
  });
  if (told) customer?.wake();
  return saved;
}

/** A choice outside the edit form's set is only accepted as the lead's unchanged stored value. */
function checkChoices(stored: Record<EditJobChoiceField, string>, fields: Partial<Record<EditJobChoiceField, string>>) {
  for (const field of Object.keys(EDIT_JOB_CHOICES) as EditJobChoiceField[]) {
    const value = fields[field];
    if (value !== undefined && !editJobOptions(field, stored[field]).includes(value)) {
      const message = EDIT_JOB_CHOICE_MESSAGES[field];
      throw new AppError(400, message, { [field]: message });
    }
  }
}

/**
 * "Edit job details" edits the buyer's working copy of the job (docs/decisions/073-the-customers-
 * own-contact.md): the card, CSV and calendar show it; the customer's own contact, which every
 * message, job link and code goes to, stays as the customer typed it.
 */
export async function editJob(db: Db, user: CurrentUser, leadId: number, input: z.output<typeof editJobDetails>, now: Date) {
  const { version, ...fields } = input;
  const found = await repo.findLivePurchaseOfLead(db, leadId, pipelineOwnerId(user));
  if (!found) throw notFound("Lead not found");
  return db.transaction(async (tx) => {
    // The job's version guards its details as it guards the card's values (decision 037).
    const purchase = await repo.lockLivePurchase(tx, found.id, found.buyerId);
    if (!purchase) throw notFound("Lead not found");
    if (version !== purchase.version) throw await staleSave(tx, purchase);
    const before = await repo.findJobOf(tx, purchase);
    checkChoices(before, fields);
    const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const after = { ...before, ...defined };
    // A number stored as typed ("0411 222 333") that is only normalised is not a change worth recording.
    const storedPhone = checkAustralianPhone(before.customerPhone);
    const samePhone = storedPhone.ok && storedPhone.digits === after.customerPhone;
    const edited = JOB_DETAIL_FIELDS.filter((f) => fields[f] !== undefined && !(f === "customerPhone" && samePhone) && !sameValue(before[f], after[f]));
    if (edited.length === 0) return before;
    await repo.saveJobDetails(tx, purchase.id, detailValuesOf(after), now);
    await recordChanges(tx, { purchaseId: purchase.id, changedBy: user.id, now }, before, after, edited);
    await repo.bumpVersion(tx, purchase.id, user.id);
    return after;
  });
}

/** The route admits only those who may archive (not a team member). */
export async function archiveOwnPurchase(db: Db, user: CurrentUser, purchaseId: number, now: Date) {
  return db.transaction(async (tx) => {
    const before = await repo.lockLivePurchase(tx, purchaseId, purchaseOwnerFilter(user));
    if (!before) throw notFound(PIPELINE_MESSAGES.notFound);
    const row = await repo.archivePurchase(tx, before.id, now);
    await recordChanges(tx, { purchaseId: before.id, changedBy: user.id, now }, before, row, ["isArchived"]);
    return { id: before.id };
  });
}

/**
 * Super admin only (the route checks the role): unpurchase or convert a contact to a lead.
 * A provider's own job is their private customer and never goes to the marketplace (018).
 */
export async function releaseToMarket(
  { db, events }: { db: Db; events: MarketEvents },
  admin: CurrentUser,
  purchaseId: number,
  reason: "unpurchased" | "converted_to_lead",
  now: Date,
) {
  return db.transaction(async (tx) => {
    const before = await repo.lockLivePurchase(tx, purchaseId, null);
    if (!before) throw notFound(PIPELINE_MESSAGES.notFound);
    const lead = await repo.lockLead(tx, before.leadId);
    if (lead.source === "provider_manual") throw conflict(OWN_JOB_STAYS_PRIVATE);
    const released = await repo.releasePurchase(tx, before, reason, now);
    if (!released) throw notFound(PIPELINE_MESSAGES.notFound);
    await recordChanges(tx, { purchaseId: before.id, changedBy: admin.id, now }, before, released, ["releaseReason"]);
    // Back on sale with a fresh auction: it slides into every market that covers it.
    await events.publish(tx, { type: "lead.added", leadId: before.leadId });
    return { id: before.id, leadId: before.leadId };
  });
}

/** Stage changes and other changes, newest first; scoped like every other purchase call. */
export async function purchaseHistory(db: Db, user: CurrentUser, purchaseId: number) {
  const purchase = await ownedPurchase(db, user, purchaseId);
  return historyOf(db, purchase.id);
}
