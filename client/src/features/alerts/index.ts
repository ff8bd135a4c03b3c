// What the dashboard uses of the alerts feature.
export { AlertsDialog } from "./components/AlertsDialog";
export { receivesAlerts } from "./contract";
