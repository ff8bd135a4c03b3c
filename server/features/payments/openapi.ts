// The OpenAPI operations of payments/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const paymentOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/stripe/webhook",
    tag: "payments",
    summary: "Stripe events, checked by their signature (404 when Stripe is not configured)",
    access: "public",
    success: json("Handled once"),
    errors: [404],
  },
  {
    method: "post",
    path: "/stripe/connect-webhook",
    tag: "payments",
    summary:
      "Stripe Connect events (the electricians' accounts: account.updated, payment_intent.succeeded), checked with STRIPE_CONNECT_WEBHOOK_SECRET and applied once",
    access: "public",
    success: json("Handled once"),
    errors: [400, 404],
  },
];
