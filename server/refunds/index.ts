// What the rest of the server may use of refunds/ (docs/decisions/040-server-walls.md).
export { refundPurchase, recordRefundMadeInStripe, refundsByPurchase } from "./refund";
export { aftercareOf } from "./unreachable";
export { createUnreachableSweep } from "./sweep";
export { stillNeedRoutes, unreachableRoutes } from "./routes";
export { refundOperations } from "./openapi";
