// The OpenAPI operations of market-stats/'s routes (docs/decisions/026-openapi-document.md, 066-price-tape.md).
import { auctionHealthSchema, marketStatsQuery, marketStatsSchema } from "../../../shared/market-stats";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const marketStatsOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/market/stats",
    tag: "market",
    summary: "The public price tape: what leads sold for in the last 30 or 90 days by group; groups under 5 sales suppressed",
    access: "public",
    query: marketStatsQuery,
    success: json("The window and its rows (and, with a state, its weeks)", marketStatsSchema),
    rateLimited: true,
  },
  {
    method: "get",
    path: "/admin/auction-health",
    tag: "operator",
    summary: "The auction's health by region and Sydney week over the last 13 weeks",
    access: "operator",
    success: json("Region-weeks", auctionHealthSchema),
  },
];
