// The authorization matrix's rows of callbacks/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { everyone, type MatrixPart } from "../../../test/authorization-routes";

const callbackBody = {
  firstName: "Matrix",
  lastName: "Caller",
  mobile: "0412345678",
  email: "matrix.caller@example.com",
  businessName: "Matrix Electrical",
  serviceArea: "Parramatta NSW",
};

export const callbackMatrix: MatrixPart = {
  rows: [{ method: "post", path: "/api/provider-callbacks", body: callbackBody, expect: everyone(201) }],
  outsideThePolicy: ["POST /api/provider-callbacks"],
};
