// Drizzle only: the outbox's waiting messages per channel, for its metrics (docs/decisions/095-readiness-and-metrics.md).
import { sql } from "drizzle-orm";
import { outboxMessages } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function pendingByChannel(db: Db) {
  return db
    .select({
      channel: outboxMessages.channel,
      pending: sql<number>`count(*)::int`,
      oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outboxMessages.dueAt}) filter (where ${outboxMessages.dueAt} <= now())), 0)::float8`,
    })
    .from(outboxMessages)
    .where(sql`${outboxMessages.status} = 'pending'`)
    .groupBy(outboxMessages.channel);
}
