// What the rest of the server may use of site/ (docs/decisions/040-server-walls.md).
export { siteRoutes } from "./routes";
export { siteOperations } from "./openapi";
