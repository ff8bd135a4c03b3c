// Drizzle only: the market_events table as the live market reads it back (docs/product.md section 12),
// each event with its lead and whether that lead is on the market now. The bus in
// server/platform/events/ only writes the rows.
import { asc, eq, gt, gte, inArray, lt, max, min, or, sql } from "drizzle-orm";
import { MARKET_STREAM_MAX_OWED, type LeadRemovalReason, type MarketStreamCursor } from "../../../shared/marketplace";
import { leadExclusions, leads, marketEvents, type Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import type { MarketChange } from "../../platform/events";
import { onTheMarket } from "../../core/listing";

/** How long a missed event can still be replayed to a reconnecting stream. */
export const REPLAY_WINDOW_SECONDS = 5 * 60;
/** More missed events than this and the stream is told to refetch instead. */
export const REPLAY_LIMIT = 500;

/** An event with its lead as it is now, and whether that lead is on the market now. */
export interface LoadedMarketEvent {
  id: number;
  type: MarketChange["type"];
  leadId: number;
  reason: LeadRemovalReason | null;
  lead: Lead;
  listed: boolean;
  /** Buyers kept from this lead: they missed its contact promise (docs/decisions/049). */
  excludedUserIds: number[];
  /** The lead's photos (docs/decisions/050-photos.md), filled in by the live market before it builds listings. */
  photoIds?: string[];
}

const withLead = (db: Db) =>
  db
    .select({
      id: marketEvents.id,
      type: marketEvents.type,
      leadId: marketEvents.leadId,
      reason: marketEvents.reason,
      lead: leads,
      listed: sql<boolean>`coalesce(${onTheMarket}, false)`,
      excludedUserIds: sql<number[]>`array(select ${leadExclusions.userId} from ${leadExclusions} where ${leadExclusions.leadId} = ${leads.id})`,
    })
    .from(marketEvents)
    .innerJoin(leads, eq(leads.id, marketEvents.leadId));

/** The events with these ids that exist (committed, not pruned), oldest first. */
export async function marketEventsByIds(db: Db, ids: number[]): Promise<LoadedMarketEvent[]> {
  return withLead(db).where(inArray(marketEvents.id, ids)).orderBy(asc(marketEvents.id));
}

/**
 * Where a fresh stream starts (docs/decisions/099-a-market-stream-owed-its-late-events.md): the
 * newest event, owed the gaps between the recent ones (ids whose transactions may still commit).
 */
export async function startingCursor(db: Db): Promise<MarketStreamCursor> {
  const newest = db.select({ id: max(marketEvents.id) }).from(marketEvents);
  const recent = await db
    .select({ id: marketEvents.id })
    .from(marketEvents)
    .where(gt(marketEvents.id, sql`(${newest}) - ${MARKET_STREAM_MAX_OWED}`))
    .orderBy(asc(marketEvents.id));
  const ids = recent.map((row) => row.id);
  const present = new Set(ids);
  const owed: number[] = [];
  for (let id = (ids[0] ?? 0) + 1; id < (ids.at(-1) ?? 0); id++) if (!present.has(id)) owed.push(id);
  return { upTo: ids.at(-1) ?? 0, owed };
}

/**
 * The events a stream at `cursor` has not been through (after its newest id, or owed to it), or
 * null when some of them may have been pruned (or are too many): the stream then tells the client
 * to refetch. Pruning removes a prefix of ids and always keeps the newest row, so every id after
 * `upTo` is still here exactly when the oldest row kept is at most upTo + 1 (or no event was ever
 * stored). Owed ids are younger than the replay window.
 */
export async function marketEventsSince(db: Db, cursor: MarketStreamCursor): Promise<LoadedMarketEvent[] | null> {
  const [oldest] = await db.select({ id: min(marketEvents.id) }).from(marketEvents);
  if (oldest?.id != null && oldest.id > cursor.upTo + 1) return null;
  const after = gt(marketEvents.id, cursor.upTo);
  const rows = await withLead(db)
    .where(cursor.owed.length === 0 ? after : or(after, inArray(marketEvents.id, cursor.owed)))
    .orderBy(asc(marketEvents.id))
    .limit(REPLAY_LIMIT + 1);
  return rows.length > REPLAY_LIMIT ? null : rows;
}

/** Drops events older than the replay window (database clock), by id prefix, never the newest one. */
export async function pruneMarketEvents(db: Db): Promise<void> {
  const recent = db
    .select({ id: min(marketEvents.id) })
    .from(marketEvents)
    .where(gte(marketEvents.createdAt, sql`now() - make_interval(secs => ${REPLAY_WINDOW_SECONDS})`));
  const newest = db.select({ id: max(marketEvents.id) }).from(marketEvents);
  await db.delete(marketEvents).where(lt(marketEvents.id, sql`coalesce((${recent}), (${newest}))`));
}
