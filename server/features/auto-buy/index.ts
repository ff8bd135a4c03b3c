// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): its routers,
// OpenAPI operations, workers and the ports it hands to other features. Only the composition
// tier imports this file.
export { createAutoBuyEngine, type AutoBuyEngine } from "./engine";
// A missed contact promise pauses all of its buyer's orders (docs/decisions/064-auto-buy-engine.md).
export { pauseOrdersOfOwner } from "./engine-repo";
export { autoBuyOrderRoutes } from "./routes";
export { autoBuyOperations } from "./openapi";
export { registerAutoBuyMetrics } from "./metrics";
