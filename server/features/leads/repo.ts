// Drizzle only: the rows lead intake reads and writes.
import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { PgTransaction, QueryBuilder } from "drizzle-orm/pg-core";
import { leadPurchases, leads, type NewLead } from "../../../shared/schema";
import { RECENT_SALES_WINDOW } from "../../../shared/pricing";
import type { Db } from "../../platform/db/client";
import { askedTogether } from "../../platform/db/asked-together";
import { compileStatement, keptByShape, preparedPerDatabase, runCompiled } from "../../platform/db/named-statement";

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
 * The quotes that ask in one turn of the event loop share one read (docs/decisions/123-a-quotes-hit-and-read-together.md).
 */
export function recentCompletedSaleAmounts(db: Db, limit = RECENT_SALES_WINDOW): Promise<string[]> {
  return recentSalesTogether(db)(limit);
}

const recentSalesTogether = preparedPerDatabase((db) =>
  askedTogether(async (limits: number[]) => {
    const rows = await runCompiled<{ amount_paid: string }>(db, recentSales, { limit: Math.max(...limits) });
    const amounts = rows.map((r) => String(r.amount_paid));
    return limits.map((limit) => amounts.slice(0, limit));
  }),
);

/**
 * A row that comes with a new lead, inserted by the same statement from the lead it reads in
 * `newLead` (its id and created_at). `row` must depend on nothing else: the statement is built
 * once for each shape and kept (docs/decisions/048-intake-cost.md); a value of its own is a
 * `sql.placeholder` given in `values`.
 */
export interface WithNewLead {
  row: (newLead: SQL) => SQL;
  values?: Record<string, unknown>;
}

/** The market's event for a new lead, stored by the lead's statement (server/platform/events leadAddedEventOf). */
export interface NewLeadEvent {
  /** As WithNewLead's `row`: built once, from `newLead` only. */
  row: (newLead: SQL) => SQL;
  /** What the statement also selects to wake the other instances (server/platform/events MarketEvents.storedWithLead). */
  wake(eventId: SQL): SQL | null;
}

/**
 * The lead and the rows that come with it (its job link, its alert outbox row, its market
 * event) in one statement: one round trip where each row was one, and no transaction needed
 * around them (docs/decisions/048-intake-cost.md). With its parts, null when the job reference is
 * already taken (nothing written): a unique violation would also cost the pool its connection.
 */
export async function insertLead(
  db: Db,
  lead: NewLead,
  companions: readonly WithNewLead[] = [],
  event?: NewLeadEvent,
): Promise<{ id: number; jobReference: string; eventId: number | null } | null> {
  if (companions.length === 0 && !event) {
    const [row] = await db.insert(leads).values(lead).returning({ id: leads.id, jobReference: leads.jobReference });
    return { ...row!, eventId: null };
  }
  // The columns given (an absent or undefined one keeps its default) and the parts name the
  // statement's shape; the values fill its placeholders at each run.
  const columns = (Object.keys(lead) as (keyof NewLead)[]).filter((column) => lead[column] !== undefined);
  const statement = leadStatements([columns.join(), ...companions.map((c) => c.row), event?.row, event?.wake], () =>
    leadStatement(db, columns, companions, event),
  );
  const values: Record<string, unknown> = {};
  for (const column of columns) values[`lead.${column}`] = lead[column];
  for (const companion of companions) Object.assign(values, companion.values);
  // market_events.id is a bigserial: pg gives it back as a string, and the bus compares it
  // with the number its NOTIFY carries (server/platform/events/postgres-bus.ts).
  const [row] = await runCompiled<{ id: number; job_reference: string; event_id?: string | number }>(db, statement, values);
  if (!row) return null;
  return { id: row.id, jobReference: row.job_reference, eventId: row.event_id === undefined ? null : Number(row.event_id) };
}

/**
 * A quote's statement was built anew for every quote, most of the server's time in Drizzle
 * (docs/decisions/048-intake-cost.md, "Later: a quote's CPU"): now once for each shape (which
 * columns, which parts), run by name with the quote's values. A handful of shapes exist (the
 * quote form's optional fields); the cap only guards against a caller that makes many.
 */
const leadStatements = keptByShape();

function leadStatement(db: Db, columns: readonly (keyof NewLead)[], companions: readonly WithNewLead[], event: NewLeadEvent | undefined): SQL {
  const placeholders = Object.fromEntries(columns.map((column) => [column, sql.placeholder(`lead.${column}`)]));
  const insert = db
    .insert(leads)
    .values(placeholders as unknown as NewLead)
    .onConflictDoNothing({ target: leads.jobReference })
    .returning({ id: leads.id, jobReference: leads.jobReference, createdAt: leads.createdAt });
  const newLead = sql`${sql.identifier("new_lead")}`;
  const stored = sql`${sql.identifier("new_lead_event")}`;
  const parts = companions.map((companion, i) => sql`, ${sql.identifier(`with_lead_${i}`)} as (${companion.row(newLead)})`);
  if (event) parts.push(sql`, ${stored} as (${event.row(newLead)})`);
  const wake = event?.wake(sql`${stored}.id`);
  return sql`with ${newLead} as (${insert.getSQL()})${sql.join(parts)} select ${newLead}.id, ${newLead}.job_reference${event ? sql`, ${stored}.id as event_id` : sql``}${wake ? sql`, ${wake} as woken` : sql``} from ${newLead}${event ? sql` cross join ${stored}` : sql``}`;
}

/** Whether `db` is a caller's transaction (either driver's), not the database itself. */
export const isTransaction = (db: Db): boolean => db instanceof PgTransaction;
