// "Every change is kept and audited" (docs/decisions/018): non-stage changes go to purchase_changes, stage
// changes to sales_stage_history; the history view merges both with the actor's name only.
import { desc, eq } from "drizzle-orm";
import type { PurchaseHistoryEntry } from "../../shared/pipeline";
import { purchaseChanges, salesStageHistory, users } from "../../shared/schema";
import type { Db } from "../db/client";

type Value = string | number | boolean | Date | null | undefined;
const asText = (v: Value) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v));

/** One row per field whose stored value really changed, read from the rows before and after. */
export async function recordChanges<T extends object>(
  tx: Db,
  entry: { purchaseId: number; changedBy: number; now: Date },
  before: T,
  after: T,
  fields: ReadonlyArray<keyof T & string>,
) {
  const rows = fields
    .map((field) => ({ field, oldValue: asText(before[field] as Value), newValue: asText(after[field] as Value) }))
    .filter((row) => row.oldValue !== row.newValue)
    .map((row) => ({ ...row, purchaseId: entry.purchaseId, changedBy: entry.changedBy, createdAt: entry.now }));
  if (rows.length > 0) await tx.insert(purchaseChanges).values(rows);
}

const actorName = (u: { firstName: string | null; lastName: string | null; companyName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.companyName || null;

// Only name columns are read from users: never emails, usernames or password hashes.
const actor = { firstName: users.firstName, lastName: users.lastName, companyName: users.companyName };

export async function historyOf(db: Db, purchaseId: number): Promise<PurchaseHistoryEntry[]> {
  const [stages, changes] = await Promise.all([
    db
      .select({ id: salesStageHistory.id, from: salesStageHistory.fromStage, to: salesStageHistory.toStage, at: salesStageHistory.createdAt, actor })
      .from(salesStageHistory)
      .leftJoin(users, eq(users.id, salesStageHistory.changedBy))
      .where(eq(salesStageHistory.purchaseId, purchaseId))
      .orderBy(desc(salesStageHistory.id)),
    db
      .select({
        id: purchaseChanges.id,
        field: purchaseChanges.field,
        from: purchaseChanges.oldValue,
        to: purchaseChanges.newValue,
        at: purchaseChanges.createdAt,
        actor,
      })
      .from(purchaseChanges)
      .leftJoin(users, eq(users.id, purchaseChanges.changedBy))
      .where(eq(purchaseChanges.purchaseId, purchaseId))
      .orderBy(desc(purchaseChanges.id)),
  ]);
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
