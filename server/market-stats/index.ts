// What the rest of the server may use of market-stats/ (docs/decisions/040-server-walls.md, 066-price-tape.md).
export { marketStatsRoutes } from "./routes";
export { auctionHealthRoutes } from "./admin-routes";
export { createPriceTapeLoop, runPriceTape } from "./sweep";
export { marketStatsOperations } from "./openapi";
export { seedPastSales } from "./past-sales-repo";
