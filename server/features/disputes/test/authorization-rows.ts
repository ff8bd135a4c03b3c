// The authorization matrix's rows of disputes/'s routes (docs/decisions/010): each route × each
// kind of caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { paymentDisputes } from "../../../../shared/schema";
import { createPurchase } from "../../../setup/factories";
import { operatorOnly, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";

/** A fresh dispute of a fresh lead purchase, waiting for evidence. */
async function freshDispute(fx: MatrixFixtures) {
  const purchase = await createPurchase(fx.db, fx.users.provider.id);
  const [row] = await fx.db
    .insert(paymentDisputes)
    .values({
      stripeDisputeId: `dp_matrix_${purchase.id}`,
      chargeId: `ch_matrix_${purchase.id}`,
      purchaseId: purchase.id,
      amountCents: 4000,
      currency: "aud",
      reason: "fraudulent",
      status: "needs_response",
      evidenceDueBy: new Date(Date.now() + 5 * 86_400_000),
      changedAt: new Date(),
    })
    .returning();
  return row!.id;
}

export const disputeMatrix: MatrixPart = {
  rows: [
    // A disputed lead purchase's evidence (docs/decisions/094): bearer token only. The matrix runs
    // in demo mode, where there is no Stripe to send it to: the operator's send is a 409 that says so.
    { method: "get", path: async (fx: MatrixFixtures) => `/api/admin/disputes/${await freshDispute(fx)}/evidence`, expect: operatorOnly(200) },
    { method: "post", path: async (fx: MatrixFixtures) => `/api/admin/disputes/${await freshDispute(fx)}/evidence`, body: {}, expect: operatorOnly(409) },
  ],
  outsideThePolicy: ["GET /api/admin/disputes/:id/evidence", "POST /api/admin/disputes/:id/evidence"],
};
