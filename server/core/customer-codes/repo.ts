// Drizzle only: the code the customer confirms their mobile with (docs/decisions/058-reviews.md,
// 105-paperwork-on-the-card.md): one standing code per sale, whatever it is for; a new one replaces it.
import { and, eq, sql } from "drizzle-orm";
import { reviewCodes } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function putCode(db: Db, purchaseId: number, codeHash: string, now: Date) {
  await db
    .insert(reviewCodes)
    .values({ purchaseId, codeHash, codeSentAt: now, attempts: 0 })
    .onConflictDoUpdate({ target: reviewCodes.purchaseId, set: { codeHash, codeSentAt: now, attempts: 0 } });
}

export async function codeOf(db: Db, purchaseId: number) {
  const [row] = await db.select().from(reviewCodes).where(eq(reviewCodes.purchaseId, purchaseId));
  return row ?? null;
}

/** Counts one try atomically; null when there is no code or its tries are spent. */
export async function takeCodeTry(db: Db, purchaseId: number, maxTries: number) {
  const [row] = await db
    .update(reviewCodes)
    .set({ attempts: sql`${reviewCodes.attempts} + 1` })
    .where(and(eq(reviewCodes.purchaseId, purchaseId), sql`${reviewCodes.attempts} < ${maxTries}`))
    .returning();
  return row ?? null;
}

/** A code works once: used, it is gone. */
export async function spendCode(db: Db, purchaseId: number): Promise<boolean> {
  const gone = await db.delete(reviewCodes).where(eq(reviewCodes.purchaseId, purchaseId)).returning({ purchaseId: reviewCodes.purchaseId });
  return gone.length > 0;
}
