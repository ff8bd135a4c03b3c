// Drizzle only: how far the price tape's counts lag behind now, for its metrics (docs/decisions/095-readiness-and-metrics.md).
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "./count-repo";

/** Seconds, or null before the tape has counted anything. */
export async function tapeLagSeconds(db: Db): Promise<number | null> {
  const [row] = rowsOf<{ lag: number | null }>(
    await db.execute(sql`select extract(epoch from now() - counted_through)::float8 as lag from market_tape_state where id = 1`),
  );
  return row?.lag === null || row?.lag === undefined ? null : Number(row.lag);
}
