// The audit rows of a purchase (docs/decisions/018): purchase_changes and sales_stage_history.
import { and, desc, eq } from "drizzle-orm";
import { purchaseChanges, salesStageHistory, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function insertChanges(tx: Db, rows: (typeof purchaseChanges.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(purchaseChanges).values(rows);
}

// Only name columns are read from users: never emails, usernames or password hashes.
const actor = { firstName: users.firstName, lastName: users.lastName, companyName: users.companyName };

/** The purchase's stage changes, newest first, with the name columns of who made them. */
export function stageChangesOf(db: Db, purchaseId: number) {
  return db
    .select({ id: salesStageHistory.id, from: salesStageHistory.fromStage, to: salesStageHistory.toStage, at: salesStageHistory.createdAt, actor })
    .from(salesStageHistory)
    .leftJoin(users, eq(users.id, salesStageHistory.changedBy))
    .where(eq(salesStageHistory.purchaseId, purchaseId))
    .orderBy(desc(salesStageHistory.id));
}

/** The purchase's other field changes, newest first, with the name columns of who made them. */
export function fieldChangesOf(db: Db, purchaseId: number) {
  return db
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
    .orderBy(desc(purchaseChanges.id));
}

/** The newest change of one field of a purchase (its new value and when), or undefined. */
export async function lastChangeOf(db: Db, purchaseId: number, field: string) {
  const [row] = await db
    .select({ to: purchaseChanges.newValue, at: purchaseChanges.createdAt })
    .from(purchaseChanges)
    .where(and(eq(purchaseChanges.purchaseId, purchaseId), eq(purchaseChanges.field, field)))
    .orderBy(desc(purchaseChanges.createdAt), desc(purchaseChanges.id))
    .limit(1);
  return row;
}
