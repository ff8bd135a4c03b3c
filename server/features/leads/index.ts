// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): its routers,
// OpenAPI operations, workers and the ports it hands to other features. Only the composition
// tier imports this file.
export { withFreshJobReference } from "./job-reference";
export { leadScore } from "./score";
export { createLead } from "./intake-service";
export { leadIntakeRoutes } from "./intake-routes";
export { locationSearchFormRoutes } from "./location-search-form";
export { leadIntakeOperations } from "./openapi";
