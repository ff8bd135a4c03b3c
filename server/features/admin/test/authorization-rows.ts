// The authorization matrix's rows of admin/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { everyone, operatorOnly, admin7, type MatrixPart, type MatrixFixtures } from "../../../test/authorization-routes";

export const adminMatrix: MatrixPart = {
  rows: [
    // Operator admin and marketplace operations: bearer token only; fresh rows per cell.
    { method: "get", path: "/api/admin/analytics", expect: operatorOnly(200) },
    { method: "get", path: "/api/admin/providers?q=matrix&limit=5", expect: operatorOnly(200) },
    {
      method: "patch",
      path: async (fx: MatrixFixtures) => `/api/admin/providers/${await admin7.freshProvider(fx)}`,
      body: { isActive: true },
      expect: operatorOnly(200),
    },
    { method: "get", path: "/api/admin/leads?status=available", expect: operatorOnly(200) },
    { method: "get", path: "/api/admin/callbacks?status=pending", expect: operatorOnly(200) },
    { method: "get", path: "/api/admin/disputes", expect: operatorOnly(200) },
    {
      method: "patch",
      path: async (fx: MatrixFixtures) => `/api/admin/callbacks/${await admin7.freshCallback(fx)}`,
      body: { status: "contacted" },
      expect: operatorOnly(200),
    },
    { method: "get", path: `/api/invitations/${"u".repeat(43)}`, expect: everyone(404) },
  ],
  outsideThePolicy: [
    "GET /api/invitations/:token",
    "GET /api/admin/analytics",
    "GET /api/admin/providers",
    "PATCH /api/admin/providers/:id",
    "GET /api/admin/leads",
    "GET /api/admin/callbacks",
    "GET /api/admin/disputes",
    "PATCH /api/admin/callbacks/:id",
  ],
};
