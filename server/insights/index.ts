// What the rest of the server may use of insights/ (docs/decisions/040-server-walls.md).
export { insightsRoutes } from "./routes";
export { insightsOperations } from "./openapi";
