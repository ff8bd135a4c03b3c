// The authorization matrix's rows of marketplace/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { createLead } from "../../../setup/factories";
import { ownersOnly, buyersOnly, superAdminOnly, type MatrixPart, type MatrixFixtures } from "../../../test/authorization-routes";

/** A fresh available lead on the marketplace. */
async function marketLead(fx: MatrixFixtures) {
  return (await createLead(fx.db)).id;
}

export const marketplaceMatrix: MatrixPart = {
  rows: [
    // Marketplace (docs/decisions/011).
    { method: "get", path: "/api/leads", expect: buyersOnly(200) },
    { method: "get", path: "/api/leads/area-preview?latitude=-33.8136&longitude=151.0034&radius=20", expect: ownersOnly(200) },
    // The live market (docs/decisions/024): the same people as the market itself.
    { method: "get", path: "/api/leads/stream", stream: true, expect: buyersOnly(200) },
    { method: "get", path: async (fx: MatrixFixtures) => `/api/leads/${await marketLead(fx)}/listing`, expect: buyersOnly(200) },
    { method: "post", path: async (fx: MatrixFixtures) => `/api/leads/${await marketLead(fx)}/purchase`, body: {}, expect: buyersOnly(201) },
    { method: "post", path: "/api/create-payment-intent", body: { leadId: 1 }, expect: buyersOnly(400) },
    { method: "post", path: "/api/discount-codes/apply", body: { code: "NO-SUCH-CODE", leadId: 1 }, expect: buyersOnly(400) },
    { method: "post", path: async (fx: MatrixFixtures) => `/api/leads/${await marketLead(fx)}/archive`, expect: superAdminOnly(200) },
  ],
};
