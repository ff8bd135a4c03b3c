// Discount codes (docs/product.md section 5): the operator issues and deactivates them; a buyer's
// code is checked here, and its use is counted at the sale (server/features/marketplace/sale-service.ts).
import { ADMIN_MESSAGES, type discountCodeCreate } from "../../../shared/admin";
import { DISCOUNT_MESSAGES } from "../../../shared/discounts";
import type { DiscountCode } from "../../../shared/schema";
import type { z } from "zod";
import type { Db } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import { findDiscountCode, insertDiscountCode, setDiscountCodeActive } from "./repo";

export async function createDiscountCode(db: Db, input: z.output<typeof discountCodeCreate>, now: Date) {
  if (await findDiscountCode(db, input.code)) throw conflict(ADMIN_MESSAGES.codeTaken);
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

/** A code the buyer may use right now, or an AppError saying why not. Uses are counted at sale. */
export async function usableDiscount(db: Db, code: string, now: Date): Promise<DiscountCode> {
  const discount = await findDiscountCode(db, code);
  if (!discount || !discount.isActive || discount.validFrom > now) throw new AppError(400, DISCOUNT_MESSAGES.invalid);
  if (discount.validUntil && discount.validUntil <= now) throw new AppError(400, DISCOUNT_MESSAGES.expired);
  if (discount.maxUses !== null && discount.currentUses >= discount.maxUses) throw new AppError(400, DISCOUNT_MESSAGES.used);
  return discount;
}

/** The operator's list of codes. */
export { listDiscountCodes } from "./repo";
