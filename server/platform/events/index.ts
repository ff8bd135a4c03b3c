// What the rest of the server may use of events/ (docs/decisions/040-server-walls.md, 074).
export { type MarketChange, type MarketEvents, type MarketSignal } from "./market-events";
export { marketEventsFor } from "./for-database";
export { leadAddedEventOf, leadSoldEventOf } from "./repo";
