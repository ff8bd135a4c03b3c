// What the rest of the server may use of payments/ (docs/decisions/040-server-walls.md, 074).
export { paymentsFromConfig } from "./from-config";
export { CardDeclined, type PaymentGateway } from "./gateway";
export { accountState, createConnectGateway, type ConnectGateway, type ConnectIntent } from "./connect-gateway";
export type { StripeEventApplier } from "../../features/payments/stripe-events";
