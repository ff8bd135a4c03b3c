// The authorization matrix's rows of operator-reviews/'s routes (docs/decisions/010): each route × each
// kind of caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { operatorReviews } from "../../../../shared/schema";
import { createPurchase } from "../../../setup/factories";
import { operatorOnly, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";

/** A fresh open case on a fresh purchase, so every cell decides its own. */
async function freshCase(fx: MatrixFixtures) {
  const purchase = await createPurchase(fx.db, fx.users.provider.id);
  const [row] = await fx.db.insert(operatorReviews).values({ purchaseId: purchase.id, kind: "not_contacted", evidence: {} }).returning();
  return row!.id;
}

export const operatorReviewMatrix: MatrixPart = {
  rows: [
    // The operator's review queue (docs/decisions/049): bearer token only.
    { method: "get", path: "/api/admin/reviews?status=open", expect: operatorOnly(200) },
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/admin/reviews/${await freshCase(fx)}/decision`,
      body: { verdict: "dismissed", note: "Matrix check" },
      expect: operatorOnly(200),
    },
  ],
  outsideThePolicy: ["GET /api/admin/reviews", "POST /api/admin/reviews/:id/decision"],
};
