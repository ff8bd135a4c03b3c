// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): its routers,
// OpenAPI operations, workers and the ports it hands to other features. Only the composition
// tier imports this file.
export { documentSummaries, jobPageDocumentsReader } from "./read";
export { connectEventApplier } from "./online-events";
export { documentRoutes } from "./routes";
export { jobDocumentRoutes } from "./job-routes";
export { documentOperations } from "./openapi";
// The evidence for a customer's disputed payment, for the disputes feature (docs/decisions/094-dispute-evidence.md).
export { paymentEvidence } from "./dispute-evidence";
