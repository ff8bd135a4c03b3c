// What the dashboard uses of the notices feature.
export { DashboardNotices } from "./DashboardNotices";
export { useDashboardNotices } from "./api";
