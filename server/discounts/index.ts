// What the rest of the server may use of discounts/ (docs/decisions/040-server-walls.md).
export { discountRoutes, operatorDiscountRoutes } from "./routes";
export { discountGuessLimits } from "./guess-limits";
export { claimDiscountUse } from "./repo";
export { usableDiscount } from "./service";
export { discountOperations } from "./openapi";
