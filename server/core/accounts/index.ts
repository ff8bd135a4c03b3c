// Accounts and sessions (docs/decisions/089-server-tiers.md): creating an account, signing in with
// a password, the sessions that keep one signed in. Who may do what is the platform's own
// (server/platform/access/authorize.ts), which routes import from there.
export { createSessions, type SessionSetup } from "./session";
export { ensureSuperAdmin } from "./bootstrap";
export { createAccount, registerCustomer, registerProvider, updateServiceArea } from "./service";
export { passwordLogin, startSession, type PasswordLogin } from "./login";
export { consumeResetToken, deleteSessionsOf, findUserByEmail, insertResetToken, retireResetTokensOf, updateUser } from "./repo";
