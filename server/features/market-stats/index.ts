// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): its routers,
// OpenAPI operations, workers and the ports it hands to other features. Only the composition
// tier imports this file.
export { createPriceTapeLoop, runPriceTape } from "./sweep";
export { auctionHealthRoutes } from "./admin-routes";
export { marketStatsRoutes } from "./routes";
export { marketStatsOperations } from "./openapi";
export { registerPriceTapeMetrics } from "./metrics";
