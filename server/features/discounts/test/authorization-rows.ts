// The authorization matrix's rows of discounts/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { operatorOnly, buyersOnly, admin7, type MatrixPart, type MatrixFixtures } from "../../../test/authorization-routes";

export const discountMatrix: MatrixPart = {
  rows: [
    { method: "post", path: "/api/discount-codes/validate", body: { code: "NO-SUCH-CODE" }, expect: buyersOnly(400) },
    { method: "get", path: "/api/admin/discount-codes", expect: operatorOnly(200) },
    {
      method: "post",
      path: "/api/admin/discount-codes",
      body: (fx: MatrixFixtures) => ({ code: `M${fx.unique()}`, discountType: "free" }),
      expect: operatorOnly(201),
    },
    {
      method: "patch",
      path: async (fx: MatrixFixtures) => `/api/admin/discount-codes/${await admin7.freshCode(fx)}`,
      body: { isActive: false },
      expect: operatorOnly(200),
    },
  ],
  outsideThePolicy: ["GET /api/admin/discount-codes", "POST /api/admin/discount-codes", "PATCH /api/admin/discount-codes/:id"],
};
