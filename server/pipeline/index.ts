// What the rest of the server may use of pipeline/ (docs/decisions/040-server-walls.md).
export { pipelineRoutes } from "./routes";
export { pipelineOperations } from "./openapi";
// The documents' own moves of a job (docs/decisions/051-quotes-and-tax-invoices.md).
export { moveStageByDocument } from "./document-stages";
