// The authorization matrix's rows of test-records/'s routes (docs/decisions/010, 103-test-records.md):
// each route × each kind of caller → the status expected. server/features/auth/authorization-matrix.test.ts
// walks every feature's rows.
import { cookie, providersPurchase, type MatrixPart } from "../../../test/authorization-routes";

const EMPTY = { installation: { mainEarthOhms: null }, circuits: [], rcds: [] };

export const testRecordMatrix: MatrixPart = {
  rows: [
    // The buyer's side and the super admin; a stranger's job is "not found".
    {
      method: "get",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/test-record`,
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    // A fresh purchase each cell: version 0 starts its record.
    {
      method: "put",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/test-record`,
      body: { results: EMPTY, version: 0 },
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    // Nothing saved yet: nothing to mark tested (409) for those who may.
    {
      method: "post",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/test-record/complete`,
      body: { version: 1, date: "2026-01-05", time: "09:00" },
      expect: cookie({ customer: 403, provider: 409, teamMember: 409, otherProvider: 404, superAdmin: 409 }),
    },
  ],
};
