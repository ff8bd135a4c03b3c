// What server/app.ts wires of the market besides its routers (docs/decisions/089-server-tiers.md).
export { createLiveMarket } from "./live-market";
export { createMarketPageCache } from "./market-cache";
export { PRICED_PAGE_HOLD_MS } from "./market-service";
// An auto-buy order buys through the same exclusive-sale transaction as a buyer at the screen (docs/decisions/064-auto-buy-engine.md).
export { commitSale } from "./sale-service";
