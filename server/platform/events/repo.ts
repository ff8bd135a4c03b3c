// Drizzle only: the bus writes the market_events table, the live market's short memory
// (docs/product.md section 12). Reading the events back, with their leads, is the marketplace's
// (server/features/marketplace/event-repo.ts).
import { sql, type SQL } from "drizzle-orm";
import { marketEvents } from "../../../shared/schema";
import type { Db } from "../db/client";
import type { MarketChange } from "./market-events";

/** Inside the caller's transaction, so a rolled-back change leaves no event behind. */
export async function storeMarketEvent(tx: Db, change: MarketChange): Promise<number> {
  const [row] = await tx
    .insert(marketEvents)
    .values({ type: change.type, leadId: change.leadId, reason: change.type === "lead.removed" ? change.reason : null })
    .returning({ id: marketEvents.id });
  return row!.id;
}

/**
 * storeMarketEvent and the NOTIFY that wakes every instance's listener, in one statement (one
 * round trip less for every sale and every quote on PostgreSQL). Still inside the caller's
 * transaction: PostgreSQL sends the notification at commit, and never after a rollback.
 */
export async function storeAndNotifyMarketEvent(tx: Db, change: MarketChange, channel: string): Promise<number> {
  const stored = tx.$with("stored").as(
    tx
      .insert(marketEvents)
      .values({ type: change.type, leadId: change.leadId, reason: change.type === "lead.removed" ? change.reason : null })
      .returning({ id: marketEvents.id }),
  );
  const [row] = await tx
    .with(stored)
    .select({ id: stored.id, notified: sql`pg_notify(${channel}, ${stored.id}::text)` })
    .from(stored);
  return row!.id;
}

/** A new lead's lead.added event, as a part of the statement that inserts the lead, read from `newLead` (server/features/leads/repo.ts). */
export const leadAddedEventOf = (newLead: SQL) => sql`insert into ${marketEvents} (type, lead_id) select 'lead.added', id from ${newLead} returning id`;

/**
 * A sold lead's lead.removed event, as a part of the statement that sells it, read from `soldLead`
 * (server/features/marketplace/repo.ts, docs/decisions/112-a-sale-in-one-statement.md).
 */
export const leadSoldEventOf = (soldLead: SQL) =>
  sql`insert into ${marketEvents} (type, lead_id, reason) select 'lead.removed', id, 'sold' from ${soldLead} returning id`;

/** The NOTIFY of an event's id, as a column of the statement that stores it: sent when that statement's transaction commits. */
export const notifyOf = (channel: string, eventId: SQL) => sql`pg_notify(${channel}, ${eventId}::text)`;

/** Tells every instance that this account's standing changed ("account:<id>" on the channel). */
export async function notifyAccountChanged(db: Db, channel: string, userId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${`account:${userId}`})`);
}
