// What the rest of the server may use of analytics/ (docs/decisions/040-server-walls.md).
export { analyticsRoutes } from "./routes";
export { analyticsOperations } from "./openapi";
