// Drizzle only: the rows lead intake reads and writes.
import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { PgTransaction, QueryBuilder } from "drizzle-orm/pg-core";
import { leadPurchases, leads, type NewLead } from "../../shared/schema";
import { RECENT_SALES_WINDOW } from "../../shared/pricing";
import type { Db } from "../db/client";
import { compileStatement, executeNamed, runCompiled } from "../db/named-statement";

// Built once, run by name with its limit: once per quote (docs/decisions/048-intake-cost.md).
const recentSales = compileStatement(
  new QueryBuilder()
    .select({ amountPaid: leadPurchases.amountPaid })
    .from(leadPurchases)
    .where(and(eq(leadPurchases.paymentStatus, "completed"), gt(leadPurchases.amountPaid, "0")))
    .orderBy(desc(leadPurchases.purchasedAt), desc(leadPurchases.id))
    .limit(sql.placeholder("limit"))
    .getSQL(),
);

/**
 * amount_paid of the last paid sales, newest first (the auction's starting-price input).
 * Free claims, admin claims and providers' own $0 jobs are not sales of a lead's worth.
 */
export async function recentCompletedSaleAmounts(db: Db, limit = RECENT_SALES_WINDOW): Promise<string[]> {
  const rows = await runCompiled<{ amount_paid: string }>(db, recentSales, { limit });
  return rows.map((r) => String(r.amount_paid));
}

/** A row that comes with a new lead, inserted by the same statement from the lead it reads in `newLead`. */
export type WithNewLead = (newLead: SQL) => SQL;

/** The market's event for a new lead, stored by the lead's statement (server/events leadAddedEventOf). */
export interface NewLeadEvent {
  row: WithNewLead;
  /** What the statement also selects to wake the other instances (server/events MarketEvents.storedWithLead). */
  wake(eventId: SQL): SQL | null;
}

/**
 * The lead and the rows that come with it (its job link, its alert outbox row, its market
 * event) in one statement: one round trip where each row was one, and no transaction needed
 * around them (docs/decisions/048-intake-cost.md).
 */
export async function insertLead(
  db: Db,
  lead: NewLead,
  companions: readonly WithNewLead[] = [],
  event?: NewLeadEvent,
): Promise<{ id: number; jobReference: string; eventId: number | null }> {
  const insert = db.insert(leads).values(lead).returning({ id: leads.id, jobReference: leads.jobReference });
  if (companions.length === 0 && !event) return { ...(await insert)[0]!, eventId: null };
  const newLead = sql`${sql.identifier("new_lead")}`;
  const stored = sql`${sql.identifier("new_lead_event")}`;
  const parts = companions.map((row, i) => sql`, ${sql.identifier(`with_lead_${i}`)} as (${row(newLead)})`);
  if (event) parts.push(sql`, ${stored} as (${event.row(newLead)})`);
  const wake = event?.wake(sql`${stored}.id`);
  // Named (server/db/named-statement.ts): parsed once per connection, not once per quote.
  const [row] = await executeNamed<{ id: number; job_reference: string; event_id?: number }>(
    db,
    sql`with ${newLead} as (${insert.getSQL()})${sql.join(parts)} select ${newLead}.id, ${newLead}.job_reference${event ? sql`, ${stored}.id as event_id` : sql``}${wake ? sql`, ${wake} as woken` : sql``} from ${newLead}${event ? sql` cross join ${stored}` : sql``}`,
  );
  return { id: row!.id, jobReference: row!.job_reference, eventId: row!.event_id ?? null };
}

/** Whether `db` is a caller's transaction (either driver's), not the database itself. */
export const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/** Postgres unique_violation on the given index, whichever driver (and Drizzle wrapper) raised it. */
export function isUniqueViolation(err: unknown, indexName: string): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return !e.constraint || e.constraint === indexName || Boolean(e.message?.includes(indexName));
  }
  return false;
}
