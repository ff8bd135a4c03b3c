// "Every change is kept and audited" (docs/decisions/018): non-stage changes go to purchase_changes, stage
// changes to sales_stage_history; the history view merges both with the actor's name only.
import type { PurchaseHistoryEntry } from "../../../shared/pipeline";
import type { Db } from "../../platform/db/client";
import { fieldChangesOf, insertChanges, stageChangesOf } from "./audit-repo";

type Value = string | number | boolean | Date | null | undefined;
const asText = (v: Value) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v));

/** One row per field whose stored value really changed, read from the rows before and after. */
export async function recordChanges<T extends object>(
  tx: Db,
  entry: { purchaseId: number; changedBy: number | null; now: Date },
  before: T,
  after: T,
  fields: ReadonlyArray<keyof T & string>,
) {
  const rows = fields
    .map((field) => ({ field, oldValue: asText(before[field] as Value), newValue: asText(after[field] as Value) }))
    .filter((row) => row.oldValue !== row.newValue)
    .map((row) => ({ ...row, purchaseId: entry.purchaseId, changedBy: entry.changedBy, createdAt: entry.now }));
  await insertChanges(tx, rows);
}

const actorName = (u: { firstName: string | null; lastName: string | null; companyName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.companyName || null;

export async function historyOf(db: Db, purchaseId: number): Promise<PurchaseHistoryEntry[]> {
  const [stages, changes] = await Promise.all([stageChangesOf(db, purchaseId), fieldChangesOf(db, purchaseId)]);
  const entries = [
    ...stages.map((s) => ({
      id: `stage-${s.id}`,
      field: "salesStage",
      from: s.from,
      to: s.to,
      at: s.at,
      by: s.actor ? actorName(s.actor) : null,
      kind: 0,
      seq: s.id,
    })),
    ...changes.map((c) => ({
      id: `change-${c.id}`,
      field: c.field,
      from: c.from,
      to: c.to,
      at: c.at,
      by: c.actor ? actorName(c.actor) : null,
      kind: 1,
      seq: c.id,
    })),
  ];
  // Ids of the two tables do not compare; within one request (same instant) the stage is listed below the rest.
  entries.sort((a, b) => b.at.getTime() - a.at.getTime() || b.kind - a.kind || b.seq - a.seq);
  return entries.map(({ seq: _seq, kind: _kind, at, ...rest }) => ({ ...rest, at: at.toISOString() }));
}
