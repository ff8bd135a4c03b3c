// The authorization matrix's rows of bad-leads/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { cookie, operatorOnly, pipelineUsers, providersPurchase, admin7, type MatrixPart, type MatrixFixtures } from "../../../test/authorization-routes";

export const badLeadMatrix: MatrixPart = {
  rows: [
    { method: "get", path: "/api/admin/reports?status=pending", expect: operatorOnly(200) },
    { method: "post", path: async (fx: MatrixFixtures) => `/api/admin/reports/${await admin7.freshReport(fx)}/approve`, body: {}, expect: operatorOnly(200) },
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/admin/reports/${await admin7.freshReport(fx)}/reject`,
      body: { note: "Matrix note" },
      expect: operatorOnly(200),
    },
    // Only the buyer reports; the team sees the outcome but may not report; a stranger's lookup is "not found".
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/report`,
      body: { reason: "wrong_number" },
      expect: cookie({ customer: 403, provider: 201, teamMember: 403, otherProvider: 404, superAdmin: 404 }),
    },
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx, "otherProvider")).purchaseId}/report`,
      body: { reason: "wrong_number" },
      expect: cookie({ customer: 403, provider: 404, teamMember: 403, otherProvider: 201, superAdmin: 404 }),
    },
    { method: "get", path: "/api/bad-lead-reports/mine", expect: pipelineUsers(200) },
  ],
  outsideThePolicy: ["GET /api/admin/reports", "POST /api/admin/reports/:id/approve", "POST /api/admin/reports/:id/reject"],
};
