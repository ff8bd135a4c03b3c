// What the rest of the server may use of callbacks/ (docs/decisions/040-server-walls.md).
export { callbackRoutes } from "./routes";
export { callbackOperations } from "./openapi";
