// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): its routers,
// OpenAPI operations, workers and the ports it hands to other features. Only the composition
// tier imports this file. The disputes themselves are recorded by server/core/disputes.
export { operatorDisputeRoutes } from "./routes";
export { disputeOperations } from "./openapi";
export { createEvidenceSweep } from "./sweep";
export type { DisputeEvidenceDeps } from "./submit";
