// What the rest of the server may use of leads/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { isHoneypotFilled } from "./intake-routes";
export { withFreshJobReference } from "./job-reference";
export { leadScore } from "./score";
export { createLead } from "./intake-service";
