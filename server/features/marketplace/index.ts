// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): its routers,
// OpenAPI operations, workers and the ports it hands to other features. Only the composition
// tier imports this file.
export { createLiveMarket } from "./live-market";
export { createMarketPageCache } from "./market-cache";
export { PRICED_PAGE_HOLD_MS } from "./market-service";
// The dashboard's first screen in the page's HTML is the market's first page (docs/decisions/092-first-screen-from-the-server.md).
export { marketPage, type MarketCaches } from "./market-service";
// An auto-buy order buys through the same exclusive-sale transaction as a buyer at the screen (docs/decisions/064-auto-buy-engine.md).
export { commitSale } from "./sale-service";
export { marketplaceRoutes } from "./routes";
export { marketStreamRoutes } from "./stream-routes";
export { marketplaceOperations } from "./openapi";
