// Drizzle only: the rate limits' counters (docs/decisions/075-limits-and-edges.md), one row per key
// and fixed window, counted in one statement so instances that count at once never lose a hit.
import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimitCounts } from "../../../shared/schema";
import type { Db } from "../db/client";
import { askedTogether } from "../db/asked-together";
import { jsonStorable } from "../db/json-text";
import { compileStatement, preparedPerDatabase, runCompiled } from "../db/named-statement";

// Built once and run by name: every public form's request counts a hit, and building the
// statement each time was a share of a quote's allocations (docs/decisions/117-intake-statements-built-once.md).
// The hits of one turn of the event loop go in one statement, each key's window once with its
// number of hits (an insert may not touch a row twice), inserted in the order of key and window:
// two turns' statements in flight at once then lock their rows in the same order, and never wait
// on each other in a circle (docs/decisions/123-a-quotes-hit-and-read-together.md). Its commit
// does not wait for the log's flush: it held a client's row through it, and the next turn's hits
// waited behind; a crash may forget the last fraction of a second of hits
// (docs/decisions/134-a-turns-codes-claimed-together.md).
const hits = compileStatement(
  sql`insert into ${rateLimitCounts} (key, window_start, hits, expires_at)
    select v.key, v.window_start, v.hits, v.expires_at
    from jsonb_to_recordset(${sql.placeholder("hits")}::jsonb) as v(key text, window_start timestamptz, hits int, expires_at timestamptz),
      (select set_config('synchronous_commit', 'off', true)) as asynchronous_commit
    order by v.key, v.window_start
    on conflict (key, window_start) do update set hits = ${rateLimitCounts}.hits + excluded.hits
    returning key, (extract(epoch from window_start) * 1000)::float8 as start_ms, hits`,
);

interface Hit {
  key: string;
  windowStart: Date;
  expiresAt: Date;
}

const windowKey = (key: string, startMs: number) => `${startMs} ${key}`;

const countTogether = preparedPerDatabase((db) =>
  askedTogether(async (asked: Hit[]): Promise<number[]> => {
    const windows = new Map<string, { key: string; window_start: string; hits: number; expires_at: string }>();
    // Each hit's place among its window's hits in this turn: the k-th of n gets the total less n - k.
    const places = asked.map(({ key: asKeyed, windowStart, expiresAt }) => {
      // A limiter's key can be what a client typed (a sign-in's username): one that jsonb refuses
      // would fail every hit of the turn. The same key is given back and forgotten below.
      const key = jsonStorable(asKeyed);
      const id = windowKey(key, windowStart.getTime());
      const window = windows.get(id) ?? { key, window_start: windowStart.toISOString(), hits: 0, expires_at: expiresAt.toISOString() };
      window.hits++;
      windows.set(id, window);
      return { id, place: window.hits };
    });
    const rows = await runCompiled<{ key: string; start_ms: number; hits: number }>(db, hits, { hits: JSON.stringify([...windows.values()]) });
    const totals = new Map(rows.map((row) => [windowKey(row.key, Number(row.start_ms)), Number(row.hits)]));
    return places.map(({ id, place }) => {
      const total = totals.get(id);
      if (total === undefined) throw new Error("a rate limit's window was not counted");
      return total - windows.get(id)!.hits + place;
    });
  }),
);

/** One more hit in the window starting at `windowStart`; the window's total after it. */
export function countHit(db: Db, key: string, windowStart: Date, expiresAt: Date): Promise<number> {
  return countTogether(db)({ key, windowStart, expiresAt });
}

/** Gives a hit back (a request the limit is not about after all, e.g. a successful login). */
export async function uncountHit(db: Db, key: string, windowStart: Date) {
  await db
    .update(rateLimitCounts)
    .set({ hits: sql`greatest(${rateLimitCounts.hits} - 1, 0)` })
    .where(and(eq(rateLimitCounts.key, jsonStorable(key)), eq(rateLimitCounts.windowStart, windowStart)));
}

export async function forgetKey(db: Db, key: string) {
  await db.delete(rateLimitCounts).where(eq(rateLimitCounts.key, jsonStorable(key)));
}

/** Windows that have ended: nothing reads them again. */
export async function pruneEnded(db: Db, now: Date) {
  await db.delete(rateLimitCounts).where(lt(rateLimitCounts.expiresAt, now));
}
