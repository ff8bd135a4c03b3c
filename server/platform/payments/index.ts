// The payment gateways (docs/decisions/011, 056): Stripe for leads, Stripe Connect for customers'
// online payments, and the demo gateway when no keys are set.
export { paymentsFromConfig } from "./from-config";
export { CardDeclined, type PaymentGateway } from "./gateway";
export { accountState, createConnectGateway, type ConnectGateway, type ConnectIntent } from "./connect-gateway";
export type { StripeEventApplier } from "./stripe-event-applier";
export { createDisputeEvidenceGateway, EvidenceNotTaken, type DisputeAtStripe, type DisputeEvidenceGateway, type EvidenceFile } from "./dispute-evidence";
