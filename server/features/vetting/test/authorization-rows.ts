// The authorization matrix's rows of vetting/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { operatorOnly, pipelineUsers, admin7, type MatrixPart, type MatrixFixtures } from "../../../test/authorization-routes";

export const vettingMatrix: MatrixPart = {
  rows: [
    // Vetted electricians (docs/decisions/033): the dashboard's standing (a team member sees the owner's),
    // and the operator's queue and verdicts on fresh pending providers.
    { method: "get", path: "/api/auth/verification", expect: pipelineUsers(200) },
    { method: "get", path: "/api/admin/verification", expect: operatorOnly(200) },
    { method: "post", path: async (fx: MatrixFixtures) => `/api/admin/providers/${await admin7.freshPendingProvider(fx)}/approve`, expect: operatorOnly(200) },
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/admin/providers/${await admin7.freshPendingProvider(fx)}/reject`,
      body: { reason: "Matrix reason" },
      expect: operatorOnly(200),
    },
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/admin/providers/${await admin7.freshProvider(fx)}/licence`,
      body: { licenceNumber: "123456C", licenceState: "NSW", licenceExpiry: `${new Date().getFullYear() + 2}-06-30` },
      expect: operatorOnly(200),
    },
  ],
  outsideThePolicy: [
    "GET /api/admin/verification",
    "POST /api/admin/providers/:id/approve",
    "POST /api/admin/providers/:id/reject",
    "POST /api/admin/providers/:id/licence",
  ],
};
