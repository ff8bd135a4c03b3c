// What the rest of the server may use of alerts/ (docs/decisions/040-server-walls.md).
export { alertRoutes } from "./routes";
export { vapidSource } from "./vapid";
export { createAlertWorker, type AlertWorker } from "./worker";
export { enqueueLeadAlerts, leadAlertsOf } from "./queue-repo";
export { alertOperations } from "./openapi";
export { pushToUser } from "./user-push";
export { leadAlert } from "./message";
