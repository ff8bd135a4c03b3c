// Discount code arithmetic, pure (docs/decisions/011). A discount never takes a price below $0.
import { z } from "zod";
import { recordId } from "./ids";
import { DISCOUNT_TYPES } from "./enums";

export interface DiscountRule {
  discountType: (typeof DISCOUNT_TYPES)[number];
  /** Percent (0-100) for percentage, dollars for fixed_amount, ignored for free. */
  discountValue: string | number | null;
}

export function discountCents(priceCents: number, rule: DiscountRule): number {
  const price = Math.max(0, Math.round(priceCents));
  const value = Number(rule.discountValue ?? 0);
  switch (rule.discountType) {
    case "free":
      return price;
    case "percentage":
      return Math.min(price, Math.round((price * Math.min(100, Math.max(0, value))) / 100));
    case "fixed_amount":
      return Math.min(price, Math.max(0, Math.round(value * 100)));
  }
}

// docs/product.md section 5: validate-code needs code >= 1; apply-code adds leadId >= 1.
export const validateDiscountCodeRequest = z.object({
  code: z.string().trim().min(1, "Please enter a discount code").max(50, "Discount codes are at most 50 characters"),
});
export const applyDiscountCodeRequest = validateDiscountCodeRequest.extend({
  leadId: recordId,
});

export const DISCOUNT_MESSAGES = {
  invalid: "This discount code is not valid",
  used: "This discount code has reached its limit",
  expired: "This discount code has expired",
} as const;
