// Discount codes on the wire (docs/decisions/011); what a code takes off a price is shared/discount-rule.ts.
import { z } from "zod";
import { recordId } from "./ids";
import { DISCOUNT_TYPES } from "./enums";

// docs/product.md section 5: validate-code needs code >= 1; apply-code adds leadId >= 1.
export const validateDiscountCodeRequest = z.object({
  code: z.string().trim().min(1, "Please enter a discount code").max(50, "Discount codes are at most 50 characters"),
});
/** POST /api/discount-codes/validate: the code's rule, which the purchase dialog applies to the live price. */
export const validDiscountResponse = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.string().nullable(),
});
export type ValidDiscountResponse = z.infer<typeof validDiscountResponse>;
export const applyDiscountCodeRequest = validateDiscountCodeRequest.extend({
  leadId: recordId,
});

export const DISCOUNT_MESSAGES = {
  invalid: "This discount code is not valid",
  used: "This discount code has reached its limit",
  expired: "This discount code has expired",
} as const;
