// What the rest of the server may use of refunds/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { refundPurchase, recordRefundMadeInStripe, refundsByPurchase } from "./refund";
export { aftercareOf } from "../../features/refunds/unreachable";
export { createUnreachableSweep } from "../../features/refunds/sweep";
