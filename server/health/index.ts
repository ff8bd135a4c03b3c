// What the rest of the server may use of health/ (docs/decisions/040-server-walls.md).
export { healthRoutes } from "./routes";
export { healthOperations } from "./openapi";
