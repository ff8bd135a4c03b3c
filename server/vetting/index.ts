// What the rest of the server may use of vetting/ (docs/decisions/040-server-walls.md).
export { operatorVerificationRoutes, verificationRoutes } from "./routes";
export { startLicenceReminders } from "./reminders";
export { requireLicensedBuyer } from "./standing";
export { vettingOperations } from "./openapi";
