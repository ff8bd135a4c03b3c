// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): its routers,
// OpenAPI operations, workers and the ports it hands to other features. Only the composition
// tier imports this file.
export { leadInvoiceRoutes } from "./routes";
export { leadInvoiceOperations } from "./openapi";
// The port a dispute's evidence takes our tax invoice from (docs/decisions/094-dispute-evidence.md).
export { taxInvoiceForEvidence } from "./service";
