// What the dashboard uses of the alerts feature.
export { AlertsDialog } from "./components/AlertsDialog";
