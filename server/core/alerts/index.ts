// What the rest of the server may use of alerts/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { vapidSource } from "./vapid";
export { createAlertWorker, type AlertWorker } from "./worker";
export { enqueueLeadAlerts, leadAlertsOf } from "./queue-repo";
export { pushToUser } from "./user-push";
export { leadAlert } from "./message";
