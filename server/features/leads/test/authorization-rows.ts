// The authorization matrix's rows of leads/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { everyone, type MatrixPart } from "../../../test/authorization-routes";

const quoteBody = {
  serviceLocation: "12 Smith St, North Parramatta NSW 2151",
  electricalWork: "Replace the old switchboard with a new one with RCDs",
  customerName: "Matrix Customer",
  customerPhone: "0412345678",
};

export const leadIntakeMatrix: MatrixPart = {
  rows: [
    // Public forms (docs/decisions/007): open to everyone, signed in or not.
    { method: "post", path: "/api/leads", body: quoteBody, expect: everyone(201) },
    // The customer's mobile check (docs/decisions/034): the token is the only key; an unknown one is 404 for all.
    { method: "post", path: "/api/leads/verify-phone", body: { verification: "m".repeat(32), code: "123456" }, expect: everyone(404) },
    { method: "post", path: "/api/leads/resend-code", body: { verification: "m".repeat(32) }, expect: everyone(404) },
  ],
  outsideThePolicy: ["POST /api/leads", "POST /api/leads/verify-phone", "POST /api/leads/resend-code"],
};
