// New-lead alerts (docs/decisions/029-new-lead-alerts.md): settings, devices, the outbox, deliveries, digests.
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./accounts";
import { leads } from "./leads";

// ---- alerts-server (new-lead alerts; docs/decisions/029-new-lead-alerts.md) ----
/** Small server-wide settings, e.g. the generated VAPID key pair; insert-if-absent so instances agree. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: createdAt(),
});

/** One row per user who changed the Alerts dialog; none means DEFAULT_ALERT_PREFERENCES. */
export const alertPreferences = pgTable(
  "alert_preferences",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    pushEnabled: boolean("push_enabled").notNull().default(true),
    emailEnabled: boolean("email_enabled").notNull().default(false),
    area: text("area").$type<"service_area" | "radius">().notNull().default("service_area"),
    radiusKm: integer("radius_km"),
    serviceTypes: text("service_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    urgentOnly: boolean("urgent_only").notNull().default(false),
    /** Only leads that came with photos (docs/decisions/050-photos.md). */
    withPhotos: boolean("with_photos").notNull().default(false),
    quietStart: text("quiet_start"),
    quietEnd: text("quiet_end"),
    urgentBreaksQuiet: boolean("urgent_breaks_quiet").notNull().default(false),
    maxPerHour: integer("max_per_hour").notNull().default(10),
    updatedAt: updatedAt(),
  },
  // The matcher's second branch: custom radii wider than any service area.
  (t) => [
    index("alert_preferences_radius_idx")
      .on(t.radiusKm)
      .where(sql`${t.area} = 'radius'`),
  ],
);

/** A browser's push subscription; the endpoint is the device (one owner at a time). */
export const pushDevices = pgTable(
  "push_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    label: text("label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_devices_endpoint_idx").on(t.endpoint), index("push_devices_user_idx").on(t.userId)],
);

/** Written in the lead's own insert transaction; the matcher claims it (FOR UPDATE SKIP LOCKED). */
export const alertOutbox = pgTable(
  "alert_outbox",
  {
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** The lead's listing it announces (leads.listing): a relisted lead is matched again. */
    listing: integer("listing").notNull().default(1),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.listing] }),
    index("alert_outbox_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/**
 * One alert to send: per (lead, listing, device) for push, per (lead, listing, user) for
 * e-mail. The unique indexes are the "at most once per device per listing" rule: a lead put back
 * on sale after a missed promise is a new listing (docs/decisions/049).
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    listing: integer("listing").notNull().default(1),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel").$type<"push" | "email">().notNull(),
    deviceId: uuid("device_id").references(() => pushDevices.id, { onDelete: "cascade" }),
    /** pending -> sent | held (cap, waits for the digest) | dropped (sold, gone, turned off) | failed (retries spent). */
    status: text("status").$type<"pending" | "sent" | "held" | "dropped" | "failed" | "digested">().notNull().default("pending"),
    urgent: boolean("urgent").notNull().default(false),
    distanceKm: numeric("distance_km", { precision: 8, scale: 1 }),
    attempts: integer("attempts").notNull().default(0),
    /** Not before: retry backoff, quiet hours. */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    /** A sender's claim; after it passes another sender may take the row again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("alert_deliveries_lead_device_idx").on(t.leadId, t.listing, t.deviceId),
    uniqueIndex("alert_deliveries_lead_email_idx")
      .on(t.leadId, t.listing, t.userId)
      .where(sql`${t.channel} = 'email'`),
    index("alert_deliveries_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index("alert_deliveries_user_sent_idx").on(t.userId, t.sentAt),
    index("alert_deliveries_held_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'held'`),
  ],
);

/** One digest per target (a device, or the user's e-mail) per hour. */
export const alertDigests = pgTable(
  "alert_digests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A device id, or "email". */
    target: text("target").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    leadIds: integer("lead_ids").array().notNull(),
  },
  (t) => [index("alert_digests_target_idx").on(t.userId, t.target, t.sentAt)],
);

export type PushDevice = typeof pushDevices.$inferSelect;

export type AlertDelivery = typeof alertDeliveries.$inferSelect;

export type AlertPreferencesRow = typeof alertPreferences.$inferSelect;
