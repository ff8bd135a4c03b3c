// What the rest of the server may use of openapi/ (docs/decisions/040-server-walls.md).
export { openApiRoutes } from "./routes";
