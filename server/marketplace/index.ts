// What the rest of the server may use of marketplace/ (docs/decisions/040-server-walls.md).
export { toListing, type Listing } from "./redact";
export { createLiveMarket } from "./live-market";
export { createMarketPageCache } from "./market-cache";
export { marketplaceRoutes } from "./routes";
export { marketStreamRoutes } from "./stream-routes";
export { marketplaceOperations } from "./openapi";
