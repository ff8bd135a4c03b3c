// The alert queue (docs/decisions/089-server-tiers.md): new leads queued for the electricians who
// want them, sent by push, e-mail or SMS outside quiet hours. The settings screen's routes are a
// feature (server/features/alerts); this is what it and the rest of the server may use.
export { vapidSource, type VapidSource } from "./vapid";
export { createAlertWorker, type AlertWorker } from "./worker";
export { enqueueLeadAlerts, leadAlertsOf } from "./queue-repo";
export { pushToUser } from "./user-push";
export { leadAlert } from "./message";
export { ENDPOINT_MESSAGES, isAllowedPushEndpoint, MAX_DEVICES_PER_USER } from "./endpoints";
export { verifyUnsubscribeToken } from "./unsubscribe-token";
export { deleteDevice, devicesOf, otherDeviceCount, preferencesOf, saveDevice, savePreferences, turnEmailOff } from "./settings-repo";
