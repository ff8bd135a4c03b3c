// What the rest of the server may use of pipeline/ (docs/decisions/040-server-walls.md).
export { pipelineRoutes } from "./routes";
export { pipelineOperations } from "./openapi";
