// New-lead alerts (docs/decisions/029): the settings dialog's wire shapes, parsed by the server's
// routes and typed for the client. docs/product.md section 12; docs/decisions/029-new-lead-alerts.md.
import { z } from "zod";
import { JOB_SERVICE_TYPES, MANUAL_URGENCIES, QUOTE_URGENCIES } from "./enums";

/**
 * "Urgent only" and the quiet-hours break-through mean the most urgent value of each form:
 * the quote form's "emergency" and the manual lead's "urgent" (docs/decisions/029).
 */
export const URGENT_URGENCIES = ["emergency", "urgent"] as const satisfies ReadonlyArray<(typeof QUOTE_URGENCIES)[number] | (typeof MANUAL_URGENCIES)[number]>;
export const isUrgent = (urgency: string) => (URGENT_URGENCIES as readonly string[]).includes(urgency);

/** Every service type a lead can hold (the job form's list includes the quote form's). */
export const ALERT_SERVICE_TYPES = JOB_SERVICE_TYPES;
export const ALERT_AREAS = ["service_area", "radius"] as const;

export const ALERT_RADIUS_MIN_KM = 1;
export const ALERT_RADIUS_MAX_KM = 500;
export const ALERT_MAX_PER_HOUR_MAX = 60;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a 24-hour time like 22:00");

export const alertPreferences = z
  .object({
    pushEnabled: z.boolean(),
    emailEnabled: z.boolean(),
    area: z.enum(ALERT_AREAS),
    radiusKm: z
      .number()
      .int("Use whole kilometres")
      .min(ALERT_RADIUS_MIN_KM, `The radius is ${ALERT_RADIUS_MIN_KM} to ${ALERT_RADIUS_MAX_KM} km`)
      .max(ALERT_RADIUS_MAX_KM, `The radius is ${ALERT_RADIUS_MIN_KM} to ${ALERT_RADIUS_MAX_KM} km`)
      .nullable(),
    /** Empty: every type. */
    serviceTypes: z.array(z.enum(ALERT_SERVICE_TYPES)).max(ALERT_SERVICE_TYPES.length),
    urgentOnly: z.boolean(),
    /** Only leads that came with photos (docs/decisions/050-photos.md); left out or false: every lead. */
    withPhotos: z.boolean().optional(),
    /** Sydney wall-clock times; start after end wraps midnight (22:00-07:00). */
    quietHours: z
      .object({ start: clockTime, end: clockTime })
      .refine((q) => q.start !== q.end, "Quiet hours must start and end at different times")
      .nullable(),
    urgentBreaksQuiet: z.boolean(),
    maxPerHour: z.number().int("Use a whole number").min(1, "At least 1 an hour").max(ALERT_MAX_PER_HOUR_MAX, `At most ${ALERT_MAX_PER_HOUR_MAX} an hour`),
  })
  .refine((p) => p.area !== "radius" || p.radiusKm !== null, { path: ["radiusKm"], message: "Choose a radius in km" })
  // overwrite, not transform: the same schema describes the response in the OpenAPI document.
  .overwrite((p) => ({ ...p, radiusKm: p.area === "radius" ? p.radiusKm : null, serviceTypes: [...new Set(p.serviceTypes)] }));

export type AlertPreferences = z.output<typeof alertPreferences>;

export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = {
  pushEnabled: true,
  emailEnabled: false,
  area: "service_area",
  radiusKm: null,
  serviceTypes: [],
  urgentOnly: false,
  withPhotos: false,
  quietHours: null,
  urgentBreaksQuiet: false,
  maxPerHour: 10,
};

/** A browser's PushSubscription.toJSON(). */
export const pushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: "The subscription's endpoint must be an http(s) URL" }).max(2000),
  expirationTime: z.number().nullable().optional(),
  // What web-push can encrypt to: an uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
  keys: z.object({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}={0,2}$/, "keys.p256dh must be the browser's P-256 public key (65 bytes, base64url)"),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}={0,2}$/, "keys.auth must be the browser's 16-byte secret (base64url)"),
  }),
});

export const deviceCreateRequest = z.object({
  subscription: pushSubscription,
  label: z.string().trim().min(1, "Name this device").max(80, "At most 80 characters"),
});
export type DeviceCreateRequest = z.infer<typeof deviceCreateRequest>;

export const alertDevice = z.object({ id: z.string(), label: z.string(), createdAt: z.string() });
export type AlertDevice = z.infer<typeof alertDevice>;

export const deviceIdParam = z.object({ id: z.string().min(1).max(100) });

export const alertSettings = z.object({
  pushAvailable: z.boolean(),
  vapidPublicKey: z.string().nullable(),
  preferences: alertPreferences,
  devices: z.array(alertDevice),
});
export type AlertSettings = z.input<typeof alertSettings>;

export const unsubscribeQuery = z.object({ token: z.string().max(500).optional() });
/** JSON `{}` or `{ token }` from the page, or the form body `List-Unsubscribe=One-Click` (RFC 8058). */
export const unsubscribeBody = z.object({ token: z.string().max(500).optional(), "List-Unsubscribe": z.literal("One-Click").optional() });

export const ALERT_MESSAGES = {
  unsubscribed: "You will no longer get new-lead e-mails.",
  badToken: "This unsubscribe link is not valid. Sign in and turn e-mail alerts off under Alerts.",
  pushOff: "Push alerts are off on this server.",
  deviceNotFound: "No such device",
} as const;

/** What the service worker shows (push payload). */
export interface LeadAlertPayload {
  title: string;
  body: string;
  url: string;
  leadId: string;
  tag: string;
}
export interface DigestAlertPayload {
  title: string;
  body: string;
  url: "/dashboard";
  tag: "digest";
}
