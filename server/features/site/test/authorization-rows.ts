// The authorization matrix's rows of site/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { everyone, type MatrixPart } from "../../../test/authorization-routes";

export const siteMatrix: MatrixPart = {
  rows: [
    { method: "get", path: "/api/config/public", expect: everyone(200) },
    { method: "get", path: "/api/config/google-places-key", expect: everyone(200) },
  ],
  outsideThePolicy: ["GET /api/config/public", "GET /api/config/google-places-key"],
};
