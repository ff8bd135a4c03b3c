// The authorization matrix's rows of suburbs/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { everyone, type MatrixPart } from "../../../test/authorization-routes";

export const suburbMatrix: MatrixPart = {
  rows: [{ method: "get", path: "/api/suburbs?q=parra", expect: everyone(200) }],
  outsideThePolicy: ["GET /api/suburbs"],
};
