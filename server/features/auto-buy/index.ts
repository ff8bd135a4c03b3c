// What the rest of the server may use of auto-buy/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { createAutoBuyEngine, type AutoBuyEngine } from "./engine";
// A missed contact promise pauses all of its buyer's orders (docs/decisions/064-auto-buy-engine.md).
export { pauseOrdersOfOwner } from "./engine-repo";
