// What the rest of the server may use of discounts/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { discountGuessLimits } from "./guess-limits";
export { claimDiscountUse } from "./repo";
export { usableDiscount } from "./service";
