// What the rest of the server may use of team/ (docs/decisions/040-server-walls.md).
export { isTeamMember, teamMemberIds } from "./repo";
export { teamRoutes } from "./routes";
export { teamOperations } from "./openapi";
