// The authorization matrix's rows of payments/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { everyone, type MatrixPart } from "../../../test/authorization-routes";

export const paymentMatrix: MatrixPart = {
  rows: [
    // The matrix app has no Stripe configured, so its webhook is "not found" for all; the signature
    // is its only gate (server/features/payments/stripe.test.ts).
    { method: "post", path: "/api/stripe/webhook", body: { id: "evt_matrix", type: "payment_intent.succeeded" }, expect: everyone(404) },
    { method: "post", path: "/api/stripe/connect-webhook", body: { id: "evt_matrix", type: "account.updated" }, expect: everyone(404) },
  ],
  outsideThePolicy: ["POST /api/stripe/webhook", "POST /api/stripe/connect-webhook"],
};
