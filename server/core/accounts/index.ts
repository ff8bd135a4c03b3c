// What the rest of the server may use of auth/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { allow, currentUser, pipelineOwnerId, requireAdmin } from "../../platform/access/authorize";
export { createSessions } from "./session";
export { hashPassword } from "../../platform/access/password";
export { ensureSuperAdmin } from "./bootstrap";
export { createAccount } from "./service";
export { passwordLogin } from "./login";
