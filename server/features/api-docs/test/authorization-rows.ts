// The authorization matrix's rows of openapi/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { everyone, type MatrixPart } from "../../../test/authorization-routes";

export const openApiMatrix: MatrixPart = {
  rows: [{ method: "get", path: "/api/openapi.json", describesFields: true, expect: everyone(200) }],
  outsideThePolicy: ["GET /api/openapi.json"],
};
