// What server/app.ts wires of vetting besides its routers: the licence expiry reminders.
export { startLicenceReminders } from "./reminders";
