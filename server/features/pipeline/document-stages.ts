// The stage a job's documents move it to by themselves (docs/decisions/051-quotes-and-tax-
// invoices.md): a quote sent -> Quote Sent, accepted -> Quote Accepted, declined -> Declined with
// the customer's reason, an invoice paid in full -> Paid. Through the same path as a person's
// move: the stage's timestamp, the audit row, the version bump; but never backwards, so a job an
// electrician already moved further keeps its stage. The one way back is a refund's, out of Paid
// (moveBackFromPaid, docs/decisions/056-money-online-stripe-connect.md).
import type { SalesStage } from "../../../shared/enums";
import { isOpenStage } from "../../../shared/follow-ups";
import { STAGE_MOVED_BACK_FIELD, type DeclineReason } from "../../../shared/pipeline-jobs";
import type { LeadPurchase } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { recordChanges } from "./audit";
import { insertChanges } from "./audit-repo";
import * as repo from "./repo";

/** The pipeline's forward order; declined stands aside (docs/decisions/012). */
const ORDER: readonly SalesStage[] = ["purchased", "called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid"];
const rank = (stage: SalesStage) => {
  const at = ORDER.indexOf(stage);
  // The template's picked_up/delivered sit between booked and paid.
  return at >= 0 ? at : ORDER.indexOf("booked_in");
};

/**
 * Whether a document may move a job from `from` to `to`. Paid is final here (only a refund takes
 * a job out of it: moveBackFromPaid, below). A customer's decline closes a job still at or before
 * Quote Sent (an accepted earlier quote keeps its job); a new quote or an acceptance reopens a
 * declined job.
 */
export function documentMovesStage(from: SalesStage, to: SalesStage): boolean {
  if (from === to || from === "invoice_paid") return false;
  if (to === "declined") return rank(from) <= rank("quote_sent");
  if (from === "declined") return true;
  return rank(to) > rank(from);
}

export interface DocumentMove {
  to: SalesStage;
  /** The electrician who acted, or null for the customer on the job page. */
  changedBy: number | null;
  now: Date;
  decline?: { reason: DeclineReason; note: string | null };
}

/** Inside the document's transaction: the job's row locked, moved if the rule allows. The row after, or null when it stayed. */
export async function moveStageByDocument(tx: Db, purchaseId: number, move: DocumentMove): Promise<LeadPurchase | null> {
  const before = await repo.lockLivePurchase(tx, purchaseId, null);
  if (!before || !documentMovesStage(before.salesStage, move.to)) return null;
  const decline = move.decline ? { declineReason: move.decline.reason, declineNote: move.decline.note } : {};
  const row = await applyMove(tx, before, { ...move, changes: decline });
  if (move.decline) await recordChanges(tx, { purchaseId: before.id, changedBy: move.changedBy, now: move.now }, before, row, ["declineReason", "declineNote"]);
  return row;
}

/** The stage, its timestamp, the version bump and the stage history row of one move. */
async function applyMove(tx: Db, before: LeadPurchase, move: Omit<DocumentMove, "decline"> & { changes?: repo.StageChanges }) {
  await repo.updatePurchaseStage(tx, before.id, { ...move.changes, salesStage: move.to }, move.now);
  // Every open card holding the older version gets the usual "saved a newer version" (decision 037).
  const row = await repo.bumpVersion(tx, before.id, move.changedBy);
  await repo.recordStageChange(tx, { purchaseId: before.id, changedBy: move.changedBy, fromStage: before.salesStage, toStage: move.to, now: move.now });
  return row;
}

/**
 * Where a job goes when a refund takes it out of Paid: the stage it had before Paid if that was an
 * open one; Booked In when nothing says, or when it came from Declined (the invoice was paid, so the
 * work went ahead whatever the customer said of a quote before).
 */
export function stageBackFromPaid(before: SalesStage | null): SalesStage {
  return before !== null && isOpenStage(before) ? before : "booked_in";
}

/**
 * A refund left one of the job's invoices no longer paid in full (docs/decisions/056): a job at
 * Paid goes back through the same path as any move, and purchase_changes keeps `reason`. A job at
 * any other stage stays: a person put it there after Paid (Declined, an earlier stage), or it is an
 * old row of the template's stages, and the refund does not overrule them. The row after, or null.
 */
export async function moveBackFromPaid(tx: Db, purchaseId: number, move: { reason: string; changedBy: number | null; now: Date }) {
  const before = await repo.lockLivePurchase(tx, purchaseId, null);
  if (!before || before.salesStage !== "invoice_paid") return null;
  const to = stageBackFromPaid(await repo.stageBeforeLastPaid(tx, before.id));
  const row = await applyMove(tx, before, { to, changedBy: move.changedBy, now: move.now });
  const why = { field: STAGE_MOVED_BACK_FIELD, oldValue: null, newValue: move.reason };
  await insertChanges(tx, [{ ...why, purchaseId: before.id, changedBy: move.changedBy, createdAt: move.now }]);
  return row;
}
