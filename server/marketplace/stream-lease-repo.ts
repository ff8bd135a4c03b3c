// Drizzle only: the leases of open market streams (docs/decisions/075-limits-and-edges.md), counted
// per person across every instance; a lease its instance stopped renewing counts no more.
import { and, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { marketStreamLeases } from "../../shared/schema";
import type { Db } from "../db/client";

/**
 * A lease for one more of this person's streams, or null when `limit` are held already. The
 * person's leases are counted under a lock of their own, so a burst of requests on any number of
 * instances cannot all pass the count.
 */
export async function takeStreamLease(db: Db, lease: { id: string; userId: number; limit: number; now: Date; until: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`market-streams:${lease.userId}`}))`);
    const [held] = await tx
      .select({ n: count() })
      .from(marketStreamLeases)
      .where(and(eq(marketStreamLeases.userId, lease.userId), gt(marketStreamLeases.leaseUntil, lease.now)));
    if ((held?.n ?? 0) >= lease.limit) return false;
    await tx.insert(marketStreamLeases).values({ id: lease.id, userId: lease.userId, leaseUntil: lease.until });
    return true;
  });
}

export async function renewStreamLeases(db: Db, ids: string[], until: Date) {
  if (ids.length === 0) return;
  await db.update(marketStreamLeases).set({ leaseUntil: until }).where(inArray(marketStreamLeases.id, ids));
}

export async function releaseStreamLeases(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(marketStreamLeases).where(inArray(marketStreamLeases.id, ids));
}

/** Leases that ran out (their instance stopped): nothing counts them any more. */
export async function pruneStreamLeases(db: Db, now: Date) {
  await db.delete(marketStreamLeases).where(lt(marketStreamLeases.leaseUntil, now));
}
