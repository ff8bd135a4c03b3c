// What the rest of the server may use of market-stats/ (docs/decisions/040-server-walls.md, 066-price-tape.md).
export { createPriceTapeLoop, runPriceTape } from "./sweep";
