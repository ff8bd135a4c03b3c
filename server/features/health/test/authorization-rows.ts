// The authorization matrix's rows of health/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { everyone, type MatrixPart } from "../../../test/authorization-routes";

export const healthMatrix: MatrixPart = {
  rows: [{ method: "get", path: "/api/health", expect: everyone(200) }],
  outsideThePolicy: ["GET /api/health"],
};
