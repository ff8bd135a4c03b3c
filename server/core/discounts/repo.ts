// Drizzle only: discount codes (docs/product.md section 5). Codes are matched case-insensitively
// (schema.ts discount_codes_code_upper_idx).
import { and, desc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { discountCodes, type DiscountCode } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function findDiscountCode(db: Db, code: string): Promise<DiscountCode | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(sql`upper(${discountCodes.code})`, code.trim().toUpperCase()));
  return row;
}

export async function insertDiscountCode(db: Db, values: typeof discountCodes.$inferInsert) {
  const [row] = await db.insert(discountCodes).values(values).returning();
  return row!;
}

export async function listDiscountCodes(db: Db) {
  return db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
}

export async function setDiscountCodeActive(db: Db, id: number, isActive: boolean, now: Date) {
  const [row] = await db.update(discountCodes).set({ isActive, updatedAt: now }).where(eq(discountCodes.id, id)).returning();
  return row;
}

/** Counts one use of a code, only while it is active, in its window and under its limit. */
export async function claimDiscountUse(tx: Db, codeId: number, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(discountCodes)
    .set({ currentUses: sql`${discountCodes.currentUses} + 1`, updatedAt: now })
    .where(
      and(
        eq(discountCodes.id, codeId),
        eq(discountCodes.isActive, true),
        lte(discountCodes.validFrom, now),
        or(isNull(discountCodes.validUntil), gt(discountCodes.validUntil, now)),
        or(isNull(discountCodes.maxUses), lt(discountCodes.currentUses, discountCodes.maxUses)),
      ),
    )
    .returning({ id: discountCodes.id });
  return claimed.length === 1;
}
