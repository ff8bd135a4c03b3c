// The alerts API as agreed with the server branch (issue 14), until shared/alerts.ts arrives
// with it: then these types come from there and this file goes.
export interface AlertPreferences {
  pushEnabled: boolean;
  emailEnabled: boolean;
  area: "service_area" | "radius";
  radiusKm: number | null;
  serviceTypes: string[];
  urgentOnly: boolean;
  quietHours: { start: string; end: string } | null;
  urgentBreaksQuiet: boolean;
  maxPerHour: number;
}
export interface AlertDevice {
  id: string;
  label: string;
  createdAt: string;
}
export interface AlertSettings {
  pushAvailable: boolean;
  vapidPublicKey: string | null;
  preferences: AlertPreferences;
  devices: AlertDevice[];
}
export const ALERT_RADIUS_MIN_KM = 1;
export const ALERT_RADIUS_MAX_KM = 500;
export const ALERT_MAX_PER_HOUR_MAX = 60;

/** shared/policy.ts's receiveLeadAlerts on the server branch: providers and their team members. */
export const receivesAlerts = (user: { userType: string }) => user.userType === "provider" || user.userType === "team_member";
