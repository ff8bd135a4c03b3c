// What a discount code takes off a price (docs/decisions/011): never below $0. Without Zod: the price on every card reads it in the
// dashboard's first load (docs/decisions/118-zod-out-of-the-dashboards-first-load.md).
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
