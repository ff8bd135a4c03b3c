// Discount codes as the operator issues them (SPEC.md section 5). Buyers validate and apply
// them through server/marketplace; uses are counted there, at the sale.
import { ADMIN_MESSAGES, type discountCodeCreate } from "../../shared/admin";
import type { z } from "zod";
import type { Db } from "../db/client";
import { conflict, notFound } from "../http/errors";
import { discountCodeExists, insertDiscountCode, setDiscountCodeActive } from "./repo";

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
};

export async function createDiscountCode(db: Db, input: z.output<typeof discountCodeCreate>, now: Date) {
  // Codes are matched case-insensitively (schema.ts discount_codes_code_upper_idx).
  if (await discountCodeExists(db, input.code)) throw conflict(ADMIN_MESSAGES.codeTaken);
  try {
    return await insertDiscountCode(db, {
      code: input.code,
      description: input.description ?? null,
      discountType: input.discountType,
      discountValue: input.discountType === "free" ? null : (input.discountValue ?? 0).toFixed(2),
      maxUses: input.maxUses ?? null,
      validFrom: now,
      validUntil: input.validUntil ?? null,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.codeTaken);
    throw err;
  }
}

export async function setDiscountCodeActiveState(db: Db, id: number, isActive: boolean, now: Date) {
  const row = await setDiscountCodeActive(db, id, isActive, now);
  if (!row) throw notFound(ADMIN_MESSAGES.codeNotFound);
  return row;
}
