// The generated VAPID pair kept in app_settings (vapid.ts says when one is made).
import { eq, sql } from "drizzle-orm";
import { appSettings } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

const SETTING_KEY = "vapid_keys";

interface StoredPair {
  publicKey: string;
  privateKey: string;
}

/** Insert-if-absent, then read: two instances starting together agree on the first pair stored. */
export async function keepFirstVapidPair(db: Db, fresh: StoredPair): Promise<StoredPair> {
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEY, value: sql`${JSON.stringify(fresh)}::jsonb` })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  return row!.value as StoredPair;
}
