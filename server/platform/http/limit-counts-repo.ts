// Drizzle only: the rate limits' counters (docs/decisions/075-limits-and-edges.md), one row per key
// and fixed window, counted in one statement so instances that count at once never lose a hit.
import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimitCounts } from "../../../shared/schema";
import type { Db } from "../db/client";

/** One more hit in the window starting at `windowStart`; the window's total after it. */
export async function countHit(db: Db, key: string, windowStart: Date, expiresAt: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitCounts)
    .values({ key, windowStart, hits: 1, expiresAt })
    .onConflictDoUpdate({ target: [rateLimitCounts.key, rateLimitCounts.windowStart], set: { hits: sql`${rateLimitCounts.hits} + 1` } })
    .returning({ hits: rateLimitCounts.hits });
  return row!.hits;
}

/** Gives a hit back (a request the limit is not about after all, e.g. a successful login). */
export async function uncountHit(db: Db, key: string, windowStart: Date) {
  await db
    .update(rateLimitCounts)
    .set({ hits: sql`greatest(${rateLimitCounts.hits} - 1, 0)` })
    .where(and(eq(rateLimitCounts.key, key), eq(rateLimitCounts.windowStart, windowStart)));
}

export async function forgetKey(db: Db, key: string) {
  await db.delete(rateLimitCounts).where(eq(rateLimitCounts.key, key));
}

/** Windows that have ended: nothing reads them again. */
export async function pruneEnded(db: Db, now: Date) {
  await db.delete(rateLimitCounts).where(lt(rateLimitCounts.expiresAt, now));
}
