// Drizzle only: "lost the link" (docs/decisions/044-job-page.md): a mobile's market requests and
// the codes sent to find them.
import { and, desc, eq, gte, isNull, lt, ne, sql } from "drizzle-orm";
import { jobLookups, leads } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

const marketLeadsOf = (phone: string, since: Date) => and(eq(leads.customerPhone, phone), gte(leads.createdAt, since), ne(leads.source, "provider_manual"));

/** True when this mobile sent a market request since `since`. */
export async function hasMarketLeads(db: Db, phone: string, since: Date) {
  const rows = await db.select({ id: leads.id }).from(leads).where(marketLeadsOf(phone, since)).limit(1);
  return rows.length > 0;
}

/** This mobile's market requests since `since`, newest first. */
export function marketLeadsOfPhone(db: Db, phone: string, since: Date) {
  return db.select().from(leads).where(marketLeadsOf(phone, since)).orderBy(desc(leads.createdAt), desc(leads.id));
}

export async function insertLookup(tx: Db, row: { phone: string; codeHash: string; codeSentAt: Date }) {
  const [inserted] = await tx.insert(jobLookups).values(row).returning({ id: jobLookups.id });
  return inserted!.id;
}

/** The newest code sent to this mobile that has not been used. */
export async function latestUnusedLookup(db: Db, phone: string) {
  const [row] = await db
    .select()
    .from(jobLookups)
    .where(and(eq(jobLookups.phone, phone), isNull(jobLookups.usedAt)))
    .orderBy(desc(jobLookups.codeSentAt), desc(jobLookups.id))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one try, atomically, before the code is compared, and returns the row as it is now;
 * null when the tries are used up or the code was used meanwhile. Two guesses sent at once are
 * two tries, never one.
 */
export async function takeLookupTry(db: Db, id: number, maxTries: number) {
  const [row] = await db
    .update(jobLookups)
    .set({ attempts: sql`${jobLookups.attempts} + 1` })
    .where(and(eq(jobLookups.id, id), lt(jobLookups.attempts, maxTries), isNull(jobLookups.usedAt)))
    .returning();
  return row ?? null;
}

/** Uses the code up; false when another request used it first. */
export async function markLookupUsed(tx: Db, id: number, now: Date) {
  const used = await tx
    .update(jobLookups)
    .set({ usedAt: now })
    .where(and(eq(jobLookups.id, id), isNull(jobLookups.usedAt)))
    .returning({ id: jobLookups.id });
  return used.length > 0;
}
