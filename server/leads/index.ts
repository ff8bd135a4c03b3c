// What the rest of the server may use of leads/ (docs/decisions/040-server-walls.md).
export { isHoneypotFilled, leadIntakeRoutes } from "./intake-routes";
export { withFreshJobReference } from "./job-reference";
export { leadScore } from "./score";
export { createLead } from "./intake-service";
export { locationSearchFormRoutes } from "./location-search-form";
export { leadIntakeOperations } from "./openapi";
export { claimSmsSend } from "./phone-verification";
