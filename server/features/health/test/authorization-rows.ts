// The authorization matrix's rows of health/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { everyone, type MatrixPart } from "../../../test/authorization-routes";

export const healthMatrix: MatrixPart = {
  rows: [
    { method: "get", path: "/api/health", expect: everyone(200) },
    // The balancer's probe, for anyone; the matrix's app runs no workers, so it is not ready (docs/decisions/095).
    { method: "get", path: "/api/ready", expect: everyone(503) },
    // The scraper's bearer token, not a session, opens the metrics: none is configured here (404 for all).
    { method: "get", path: "/metrics", expect: everyone(404) },
  ],
  outsideThePolicy: ["GET /api/health", "GET /api/ready", "GET /metrics"],
};
