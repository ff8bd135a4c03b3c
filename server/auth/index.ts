// What the rest of the server may use of auth/ (docs/decisions/040-server-walls.md).
export { sha256 } from "./admin-tokens";
export { allow, currentUser, pipelineOwnerId, requireAdmin } from "./authorize";
export { adminAuthRoutes } from "./admin-routes";
export { csrfGuard, refuseCrossSite } from "./csrf";
export { authRoutes } from "./routes";
export { createSessions, SESSION_COOKIE } from "./session";
export { hashPassword } from "./password";
export { ensureSuperAdmin } from "./bootstrap";
export { createAccount } from "./service";
export { signInFormRoutes } from "./login-form";
export { passwordLogin } from "./login";
export { authOperations } from "./openapi";
