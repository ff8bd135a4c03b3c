// What the rest of the server may use of admin/ (docs/decisions/040-server-walls.md).
export { adminRoutes } from "./routes";
export { invitationRoutes } from "./invitation-routes";
export { redeemInvitation } from "./invitations";
export { adminOperations } from "./openapi";
