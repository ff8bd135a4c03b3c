// What the rest of the server may use of auth/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { allow, currentUser, pipelineOwnerId, requireAdmin } from "./authorize";
export { createSessions } from "./session";
export { hashPassword } from "./password";
export { ensureSuperAdmin } from "./bootstrap";
export { createAccount } from "./service";
export { passwordLogin } from "./login";
