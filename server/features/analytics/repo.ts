// Drizzle only: the analytics_events table.
import type { z } from "zod";
import type { trackEventSchema } from "../../../shared/analytics";
import { analyticsEvents } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function insertEvent(db: Db, event: z.infer<typeof trackEventSchema> & { userAgent: string | null }, now: Date) {
  await db.insert(analyticsEvents).values({ ...event, createdAt: now });
}
