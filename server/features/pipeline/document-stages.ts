// The stage a job's documents move it to by themselves (docs/decisions/051-quotes-and-tax-
// invoices.md): a quote sent -> Quote Sent, accepted -> Quote Accepted, declined -> Declined with
// the customer's reason, an invoice paid in full -> Paid. Through the same path as a person's
// move: the stage's timestamp, the audit row, the version bump; but never backwards, so a job an
// electrician already moved further keeps its stage, and a paid job is never moved again.
import type { SalesStage } from "../../../shared/enums";
import type { DeclineReason } from "../../../shared/pipeline-jobs";
import type { LeadPurchase } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { recordChanges } from "./audit";
import * as repo from "./repo";

/** The pipeline's forward order; declined stands aside (docs/decisions/012). */
const ORDER: readonly SalesStage[] = ["purchased", "called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid"];
const rank = (stage: SalesStage) => {
  const at = ORDER.indexOf(stage);
  // The template's picked_up/delivered sit between booked and paid.
  return at >= 0 ? at : ORDER.indexOf("booked_in");
};

/**
 * Whether a document may move a job from `from` to `to`. Paid is final. A customer's decline
 * closes a job still at or before Quote Sent (an accepted earlier quote keeps its job); a new
 * quote or an acceptance reopens a declined job.
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
  await repo.updatePurchaseStage(tx, before.id, { salesStage: move.to, ...decline }, move.now);
  // Every open card holding the older version gets the usual "saved a newer version" (decision 037).
  const row = await repo.bumpVersion(tx, before.id, move.changedBy);
  await repo.recordStageChange(tx, { purchaseId: before.id, changedBy: move.changedBy, fromStage: before.salesStage, toStage: move.to, now: move.now });
  if (move.decline) await recordChanges(tx, { purchaseId: before.id, changedBy: move.changedBy, now: move.now }, before, row, ["declineReason", "declineNote"]);
  return row;
}
