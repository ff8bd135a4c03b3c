// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): its routers,
// OpenAPI operations, workers and the ports it hands to other features. Only the composition
// tier imports this file.
export { moveBackFromPaid, moveStageByDocument } from "./document-stages";
export { pipelineRoutes } from "./routes";
export { pipelineOperations } from "./openapi";
export { bookWindow, unbook } from "./booking-moves";
