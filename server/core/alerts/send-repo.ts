// What a send batch reads, and the device a push service says is gone (sender.ts, digest.ts).
import { eq, inArray } from "drizzle-orm";
import { alertPreferences, leads, pushDevices, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export const leadsByIds = (db: Db, ids: number[]) => db.select().from(leads).where(inArray(leads.id, ids));

export const preferenceRowsOf = (db: Db, userIds: number[]) => db.select().from(alertPreferences).where(inArray(alertPreferences.userId, userIds));

export const emailsOf = (db: Db, userIds: number[]) => db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));

export const devicesByIds = (db: Db, ids: string[]) => db.select().from(pushDevices).where(inArray(pushDevices.id, ids));

/** The browser unsubscribed or the subscription expired: the device goes, and with it its deliveries. */
export async function removeGoneDevice(db: Db, id: string) {
  await db.delete(pushDevices).where(eq(pushDevices.id, id));
}

/** Every device a user has subscribed: a message for the user goes to each (server/core/alerts/user-push.ts). */
export const devicesOfUser = (db: Db, userId: number) => db.select().from(pushDevices).where(eq(pushDevices.userId, userId));
