// Drizzle only: the rows lead intake reads and writes.
import { and, desc, eq, gt } from "drizzle-orm";
import { leadPurchases, leads, type NewLead } from "../../shared/schema";
import { RECENT_SALES_WINDOW } from "../../shared/pricing";
import type { Db } from "../db/client";

/**
 * amount_paid of the last paid sales, newest first (the auction's starting-price input).
 * Free claims, admin claims and providers' own $0 jobs are not sales of a lead's worth.
 */
export async function recentCompletedSaleAmounts(db: Db, limit = RECENT_SALES_WINDOW): Promise<string[]> {
  const rows = await db
    .select({ amountPaid: leadPurchases.amountPaid })
    .from(leadPurchases)
    .where(and(eq(leadPurchases.paymentStatus, "completed"), gt(leadPurchases.amountPaid, "0")))
    .orderBy(desc(leadPurchases.purchasedAt), desc(leadPurchases.id))
    .limit(limit);
  return rows.map((r) => r.amountPaid);
}

export async function insertLead(db: Db, lead: NewLead) {
  const [row] = await db.insert(leads).values(lead).returning({ id: leads.id, jobReference: leads.jobReference });
  return row!;
}

/** Postgres unique_violation on the given index, whichever driver (and Drizzle wrapper) raised it. */
export function isUniqueViolation(err: unknown, indexName: string): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return !e.constraint || e.constraint === indexName || Boolean(e.message?.includes(indexName));
  }
  return false;
}
