// The authorization matrix's rows of market-stats/'s routes (docs/decisions/010, 066-price-tape.md):
// the price tape is public, the same for every caller; the auction health is the operator's.
import { everyone, operatorOnly, type MatrixPart } from "../../../test/authorization-routes";

export const marketStatsMatrix: MatrixPart = {
  rows: [
    { method: "get", path: "/api/market/stats?days=30&groupBy=state", expect: everyone(200) },
    { method: "get", path: "/api/market/stats?days=7&groupBy=state", expect: everyone(400) },
    { method: "get", path: "/api/admin/auction-health", expect: operatorOnly(200) },
  ],
  outsideThePolicy: ["GET /api/market/stats", "GET /api/admin/auction-health"],
};
