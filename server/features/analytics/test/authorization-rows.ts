// The authorization matrix's rows of analytics/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { everyone, type MatrixPart } from "../../../test/authorization-routes";

export const analyticsMatrix: MatrixPart = {
  rows: [{ method: "post", path: "/api/analytics/track", body: { eventType: "page_view", pagePath: "/" }, expect: everyone(204) }],
  outsideThePolicy: ["POST /api/analytics/track"],
};
