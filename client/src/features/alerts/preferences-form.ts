// The preferences form's values and rules (react-hook-form + zod). Quiet hours are a switch and
// two times on screen, `quietHours: null | {start, end}` on the wire (shared/alerts.ts, whose
// limits this form uses); this file maps one to the other. The server parses the result with
// shared/alerts.ts's own schema as well.
import { z } from "zod";
import { ALERT_AREAS, ALERT_MAX_PER_HOUR_MAX, ALERT_RADIUS_MAX_KM, ALERT_RADIUS_MIN_KM, ALERT_SERVICE_TYPES, type AlertPreferences } from "@shared/alerts";

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time like 22:00");
const wholeNumber = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

export const preferencesForm = z
  .object({
    pushEnabled: z.boolean(),
    emailEnabled: z.boolean(),
    area: z.enum(ALERT_AREAS),
    radiusKm: wholeNumber(ALERT_RADIUS_MIN_KM, ALERT_RADIUS_MAX_KM, `Enter ${ALERT_RADIUS_MIN_KM} to ${ALERT_RADIUS_MAX_KM} km`).nullable(),
    serviceTypes: z.array(z.enum(ALERT_SERVICE_TYPES)),
    urgentOnly: z.boolean(),
    withPhotos: z.boolean(),
    quiet: z.boolean(),
    quietStart: clockTime,
    quietEnd: clockTime,
    urgentBreaksQuiet: z.boolean(),
    maxPerHour: wholeNumber(1, ALERT_MAX_PER_HOUR_MAX, `Enter 1 to ${ALERT_MAX_PER_HOUR_MAX} alerts an hour`),
  })
  .refine((f) => f.area !== "radius" || f.radiusKm !== null, { path: ["radiusKm"], message: `Enter ${ALERT_RADIUS_MIN_KM} to ${ALERT_RADIUS_MAX_KM} km` })
  .refine((f) => !f.quiet || f.quietStart !== f.quietEnd, { path: ["quietEnd"], message: "Quiet hours must end at a different time than they start" });

export type PreferencesFormValues = z.infer<typeof preferencesForm>;

/** Shown when a custom distance is first chosen: a day's drive for most trades. */
const RADIUS_DEFAULT_KM = 50;
/** Shown when quiet hours are first switched on. */
const QUIET_DEFAULT = { start: "21:00", end: "06:30" };

export function formFromPreferences(p: AlertPreferences): PreferencesFormValues {
  return {
    pushEnabled: p.pushEnabled,
    emailEnabled: p.emailEnabled,
    area: p.area,
    radiusKm: p.radiusKm ?? RADIUS_DEFAULT_KM,
    serviceTypes: p.serviceTypes,
    urgentOnly: p.urgentOnly,
    withPhotos: p.withPhotos ?? false,
    quiet: p.quietHours !== null,
    quietStart: p.quietHours?.start ?? QUIET_DEFAULT.start,
    quietEnd: p.quietHours?.end ?? QUIET_DEFAULT.end,
    urgentBreaksQuiet: p.urgentBreaksQuiet,
    maxPerHour: p.maxPerHour,
  };
}

export function preferencesFromForm(f: PreferencesFormValues): AlertPreferences {
  return {
    pushEnabled: f.pushEnabled,
    emailEnabled: f.emailEnabled,
    area: f.area,
    radiusKm: f.area === "radius" ? f.radiusKm : null,
    serviceTypes: f.serviceTypes,
    urgentOnly: f.urgentOnly,
    withPhotos: f.withPhotos,
    quietHours: f.quiet ? { start: f.quietStart, end: f.quietEnd } : null,
    urgentBreaksQuiet: f.quiet && f.urgentBreaksQuiet,
    maxPerHour: f.maxPerHour,
  };
}
