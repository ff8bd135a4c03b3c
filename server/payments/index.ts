// What the rest of the server may use of payments/ (docs/decisions/040-server-walls.md).
export { paymentsFromConfig } from "./from-config";
export { type PaymentGateway } from "./gateway";
export { stripeWebhookRoutes } from "./webhook";
export { paymentOperations } from "./openapi";
