// The Alerts dialog's rows: a user's preferences (none stored: the defaults) and their
// devices (push subscriptions, one owner per endpoint).
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { DEFAULT_ALERT_PREFERENCES, type AlertDevice, type AlertPreferences, type DeviceCreateRequest } from "../../../shared/alerts";
import { alertPreferences, pushDevices, type AlertPreferencesRow } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export function toPreferences(row: AlertPreferencesRow | undefined): AlertPreferences {
  if (!row) return { ...DEFAULT_ALERT_PREFERENCES };
  return {
    pushEnabled: row.pushEnabled,
    emailEnabled: row.emailEnabled,
    area: row.area,
    radiusKm: row.area === "radius" ? row.radiusKm : null,
    serviceTypes: row.serviceTypes as AlertPreferences["serviceTypes"],
    urgentOnly: row.urgentOnly,
    withPhotos: row.withPhotos,
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
    urgentBreaksQuiet: row.urgentBreaksQuiet,
    maxPerHour: row.maxPerHour,
  };
}

export async function preferencesOf(db: Db, userId: number): Promise<AlertPreferences> {
  const [row] = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId));
  return toPreferences(row);
}

export async function savePreferences(db: Db, userId: number, p: AlertPreferences, now: Date): Promise<AlertPreferences> {
  const values = {
    pushEnabled: p.pushEnabled,
    emailEnabled: p.emailEnabled,
    area: p.area,
    radiusKm: p.radiusKm,
    serviceTypes: p.serviceTypes,
    urgentOnly: p.urgentOnly,
    withPhotos: p.withPhotos ?? false,
    quietStart: p.quietHours?.start ?? null,
    quietEnd: p.quietHours?.end ?? null,
    urgentBreaksQuiet: p.urgentBreaksQuiet,
    maxPerHour: p.maxPerHour,
    updatedAt: now,
  };
  const [row] = await db
    .insert(alertPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: alertPreferences.userId, set: values })
    .returning();
  return toPreferences(row);
}

/** The one-click unsubscribe: e-mail off, everything else as it was (a row with the defaults if none). */
export async function turnEmailOff(db: Db, userId: number, now: Date): Promise<void> {
  // From the users table, so a token of a since-deleted account is a quiet no-op, not a foreign-key error.
  await db.execute(sql`
    insert into alert_preferences (user_id, email_enabled, updated_at)
    select id, false, ${now.toISOString()}::timestamptz from users where id = ${userId}
    on conflict (user_id) do update set email_enabled = false, updated_at = excluded.updated_at`);
}

const deviceFields = { id: pushDevices.id, label: pushDevices.label, createdAt: pushDevices.createdAt };
const toDevice = (row: { id: string; label: string; createdAt: Date }): AlertDevice => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
});

export async function devicesOf(db: Db, userId: number): Promise<AlertDevice[]> {
  const rows = await db.select(deviceFields).from(pushDevices).where(eq(pushDevices.userId, userId)).orderBy(asc(pushDevices.createdAt), asc(pushDevices.id));
  return rows.map(toDevice);
}

/**
 * Upsert by endpoint: the same browser subscribing again refreshes its keys and label; an
 * endpoint another user had (a shared tablet, a sign-out and sign-in) moves to this user and
 * counts as added now.
 */
export async function saveDevice(db: Db, userId: number, input: DeviceCreateRequest, now: Date): Promise<AlertDevice> {
  const { endpoint, keys } = input.subscription;
  const [row] = await db
    .insert(pushDevices)
    .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, label: input.label, createdAt: now })
    .onConflictDoUpdate({
      target: pushDevices.endpoint,
      set: {
        userId,
        p256dh: keys.p256dh,
        auth: keys.auth,
        label: input.label,
        createdAt: sql`case when ${pushDevices.userId} = ${userId} then ${pushDevices.createdAt} else ${now.toISOString()}::timestamptz end`,
      },
    })
    .returning(deviceFields);
  return toDevice(row!);
}

/** The user's devices other than this endpoint (re-registering one never counts against the cap). */
export async function otherDeviceCount(db: Db, userId: number, endpoint: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushDevices)
    .where(and(eq(pushDevices.userId, userId), ne(pushDevices.endpoint, endpoint)));
  return row?.n ?? 0;
}

/** True when the device was this user's and is gone now. */
export async function deleteDevice(db: Db, userId: number, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
  const gone = await db
    .delete(pushDevices)
    .where(and(eq(pushDevices.id, id), eq(pushDevices.userId, userId)))
    .returning({ id: pushDevices.id });
  return gone.length > 0;
}
