// What the rest of the server may use of marketplace/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { toListing, type Listing } from "../../core/listing/redact";
// The customer's own job page scrubs its description the same way (docs/decisions/044-job-page.md).
export { HIDDEN as HIDDEN_IN_TEXT, scrubFreeText } from "../../core/listing/free-text";
export { createLiveMarket } from "./live-market";
export { createMarketPageCache } from "./market-cache";
export { PRICED_PAGE_HOLD_MS } from "./market-service";
// An auto-buy order buys through the same exclusive-sale transaction as a buyer at the screen (docs/decisions/064-auto-buy-engine.md).
export { commitSale, customerIsAmong, type SaleDeps } from "./sale-service";
export { onTheMarket } from "./market-repo";
