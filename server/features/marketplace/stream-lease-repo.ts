// Drizzle only: the leases of open market streams (docs/decisions/075-limits-and-edges.md), counted
// per person across every instance; a lease its instance stopped renewing counts no more. Every
// time here is the database's own clock, so instances whose clocks differ agree on a lease.
import { and, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { marketStreamLeases } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

const until = (leaseMs: number) => sql`now() + ${`${leaseMs} milliseconds`}::interval`;

/**
 * A lease for one more of this person's streams, or false when `limit` are held already. The
 * person's leases are counted under a lock of their own, so a burst of requests on any number of
 * instances cannot all pass the count.
 */
export async function takeStreamLease(db: Db, lease: { id: string; userId: number; limit: number; leaseMs: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`market-streams:${lease.userId}`}))`);
    const [held] = await tx
      .select({ n: count() })
      .from(marketStreamLeases)
      .where(and(eq(marketStreamLeases.userId, lease.userId), gt(marketStreamLeases.leaseUntil, sql`now()`)));
    if ((held?.n ?? 0) >= lease.limit) return false;
    await tx.insert(marketStreamLeases).values({ id: lease.id, userId: lease.userId, leaseUntil: until(lease.leaseMs) });
    return true;
  });
}

/** Renews this instance's leases; one pruned meanwhile (the database was away longer than a lease) is written again. */
export async function renewStreamLeases(db: Db, leases: Array<{ id: string; userId: number }>, leaseMs: number) {
  if (leases.length === 0) return;
  await db
    .insert(marketStreamLeases)
    .values(leases.map((l) => ({ ...l, leaseUntil: until(leaseMs) })))
    .onConflictDoUpdate({ target: marketStreamLeases.id, set: { leaseUntil: until(leaseMs) } });
}

export async function releaseStreamLeases(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(marketStreamLeases).where(inArray(marketStreamLeases.id, ids));
}

/** Leases that ran out (their instance stopped): nothing counts them any more. */
export async function pruneStreamLeases(db: Db) {
  await db.delete(marketStreamLeases).where(lt(marketStreamLeases.leaseUntil, sql`now()`));
}
