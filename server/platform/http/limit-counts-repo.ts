// Drizzle only: the rate limits' counters (docs/decisions/075-limits-and-edges.md), one row per key
// and fixed window, counted in one statement so instances that count at once never lose a hit.
import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimitCounts } from "../../../shared/schema";
import type { Db } from "../db/client";
import { compileStatement, runCompiled } from "../db/named-statement";

// Built once and run by name: every public form's request counts a hit, and building the
// statement each time was a share of a quote's allocations (docs/decisions/117-intake-statements-built-once.md).
const hit = compileStatement(
  sql`insert into ${rateLimitCounts} (key, window_start, hits, expires_at)
    values (${sql.placeholder("key")}, ${sql.placeholder("windowStart")}::timestamptz, 1, ${sql.placeholder("expiresAt")}::timestamptz)
    on conflict (key, window_start) do update set hits = ${rateLimitCounts}.hits + 1
    returning hits`,
);

/** One more hit in the window starting at `windowStart`; the window's total after it. */
export async function countHit(db: Db, key: string, windowStart: Date, expiresAt: Date): Promise<number> {
  const [row] = await runCompiled<{ hits: number }>(db, hit, { key, windowStart: windowStart.toISOString(), expiresAt: expiresAt.toISOString() });
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
