// Discount codes (docs/decisions/089-server-tiers.md): what a code takes off a purchase, claimed in
// the sale's own transaction, and the operator's list of codes.
export { discountGuessLimits } from "./guess-limits";
export { claimDiscountUse } from "./repo";
export { createDiscountCode, listDiscountCodes, setDiscountCodeActiveState, usableDiscount } from "./service";
