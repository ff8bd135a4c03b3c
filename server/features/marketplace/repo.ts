// The sale's database access: Drizzle only, plain rows out. The market's reads are in market-repo.ts.
import { and, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { leadPurchases, leads, type LeadPurchase } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { keptByShape, preparedPerDatabase, runCompiledAs } from "../../platform/db/named-statement";
import { askedTogether } from "../../platform/db/asked-together";
import { teamContactsColumn } from "../../core/customers";
import { buyerAccountColumn } from "../../core/messages";
import { standingColumn } from "../../core/providers";
import { keptFromColumn } from "./market-repo";

/**
 * What the sale checks and tells before its transaction, in one statement built once
 * (docs/decisions/107-a-small-server-under-load.md, docs/decisions/108-a-sale-in-fewer-statements.md): the lead, whether this buyer's side is kept
 * from it (docs/decisions/049), the side's own contacts for the no-own-customer rule
 * (docs/decisions/073), and of the buyer the account the handover SMS names and the public
 * standing the purchase's answer shows. The purchases asked for in one turn of the event loop are
 * read together, one row for each that names a lead (docs/decisions/122-a-sale-read-together.md).
 */
const buyableLeads = preparedPerDatabase((db) => {
  const asked = sql`unnest(${sql.placeholder("ids")}::int[], ${sql.placeholder("sideIds")}::int[], ${sql.placeholder("buyerIds")}::int[]) with ordinality as asked(lead_id, side_id, buyer_id, n)`;
  const read = db
    .select({
      n: sql<number>`asked.n::int`,
      lead: leads,
      excluded: keptFromColumn(sql`asked.side_id`),
      sideContacts: teamContactsColumn(sql`asked.side_id`),
      buyerAccount: buyerAccountColumn(sql`asked.buyer_id`),
      buyerStanding: standingColumn(sql`asked.buyer_id`),
    })
    .from(asked)
    .innerJoin(leads, and(eq(leads.id, sql`asked.lead_id`), eq(leads.isArchived, false), ne(leads.source, "provider_manual")))
    .prepare("buyable_leads");
  return askedTogether(async (questions: { id: number; sideId: number; buyerId: number }[]) => {
    const rows = await read.execute({
      ids: questions.map((q) => q.id),
      sideIds: questions.map((q) => q.sideId),
      buyerIds: questions.map((q) => q.buyerId),
    });
    const byTurn = new Map(rows.map(({ n, ...row }) => [n, row]));
    return questions.map((_, i) => byTurn.get(i + 1));
  });
});

export function findBuyableLead(db: Db, id: number, buyer: { sideId: number; buyerId: number }) {
  return buyableLeads(db)({ id, ...buyer });
}

type NewPurchase = typeof leadPurchases.$inferInsert;
/** What a sale writes of its purchase: every one a placeholder, so the statement is one text. */
const SALE_COLUMNS = [
  "leadId",
  "buyerId",
  "buyerName",
  "buyerEmail",
  "buyerPhone",
  "buyerCompany",
  "amountPaid",
  "originalPrice",
  "discountAmount",
  "discountCodeId",
  "paymentStatus",
  "paymentIntentId",
  "autoBuyOrderId",
  "purchasedAt",
  "updatedAt",
] as const satisfies readonly (keyof NewPurchase)[];
/**
 * Every column the sale writes, each given (null where the sale has none): the statement sends them
 * all, so a column left out would not fall back to its default (amount_paid's 0.00, payment_status's
 * 'pending', purchased_at's now()); it would be null.
 */
export type SalePurchase = { [Column in (typeof SALE_COLUMNS)[number]]-?: Exclude<NewPurchase[Column], undefined> };

/** A row the sale's statement writes beside the purchase, read from one of its rows; its own values fill placeholders. */
interface SalePart {
  row: (from: SQL) => SQL;
  values: Record<string, unknown>;
}

/** What the sale's statement writes beside the lead and the purchase (docs/decisions/112-a-sale-in-one-statement.md). */
export interface SaleParts {
  /** The customer's job link, read from the sold lead (its id, and the sale's time as created_at). */
  link: SalePart | null;
  /** The handover SMS, read from the purchase (its id and lead_id). */
  handover: SalePart | null;
  /** The market's lead.removed event, read from the sold lead, and what the statement also selects to wake every instance. */
  event: { row: (soldLead: SQL) => SQL; wake(eventId: SQL): SQL | null };
}

/**
 * The exclusive sale, in one statement: only the first to flip the lead from 'available' to
 * 'sold' gets its purchase back; another blocks on the lead's row lock, then sees 'sold' and gets
 * null (docs/product.md section 10). The same statement inserts the purchase, the job link, the
 * handover SMS and the market's event, each read from the row before it, so none is written
 * unless the lead was won, and a sale needs no transaction of its own (docs/decisions/112).
 */
export async function sellLead(db: Db, purchase: SalePurchase, parts: SaleParts): Promise<{ purchase: LeadPurchase; eventId: number } | null> {
  const statement = saleStatements([parts.link?.row, parts.handover?.row, parts.event.row, parts.event.wake], () => saleStatement(parts));
  const values: Record<string, unknown> = { ...parts.link?.values, ...parts.handover?.values };
  for (const column of SALE_COLUMNS) values[column] = purchase[column];
  const [row] = await runCompiledAs<LeadPurchase & { eventId: number | string }>(db, statement, saleFields, values);
  if (!row) return null;
  // market_events.id is a bigserial: pg gives it back as a string (see insertLead in server/features/leads/repo.ts).
  const { eventId, ...bought } = row;
  return { purchase: bought as LeadPurchase, eventId: Number(eventId) };
}

/** A handful of shapes: with or without the SMS, and each bus's wake. */
const saleStatements = keptByShape();

const purchaseRow = getTableColumns(leadPurchases);
/** The statement's columns, in order: the purchase as stored, then its event's id. */
const saleFields = { ...purchaseRow, eventId: sql`event_id` };

function saleStatement(parts: SaleParts): SQL {
  const soldLead = sql`${sql.identifier("sold_lead")}`;
  const bought = sql`${sql.identifier("purchase")}`;
  const stored = sql`${sql.identifier("sold_event")}`;
  const column = (c: PgColumn) => sql.identifier(c.name);
  const now = sql`${sql.placeholder("purchasedAt")}::timestamptz`;
  const won = sql`update ${leads} set ${column(leads.status)} = 'sold', ${column(leads.updatedAt)} = ${now}, ${column(leads.lastPriceUpdate)} = ${now}
    where ${column(leads.id)} = ${sql.placeholder("leadId")}::int and ${column(leads.status)} = 'available' and ${column(leads.isArchived)} = false
    returning ${column(leads.id)}, ${column(leads.updatedAt)} as created_at`;
  // Each value cast to its column's type: in INSERT ... SELECT a parameter's type is not taken from its column.
  const written = SALE_COLUMNS.map((key) => leadPurchases[key]);
  const insert = sql`insert into ${leadPurchases} (${sql.join(written.map(column), sql`, `)})
    select ${sql.join(
      SALE_COLUMNS.map((key) => (key === "leadId" ? sql`${soldLead}.id` : sql`${sql.placeholder(key)}::${sql.raw(leadPurchases[key].getSQLType())}`)),
      sql`, `,
    )} from ${soldLead}
    returning *`;
  const companions = [
    parts.link && sql`, ${sql.identifier("sale_link")} as (${parts.link.row(soldLead)})`,
    parts.handover && sql`, ${sql.identifier("sale_handover")} as (${parts.handover.row(bought)})`,
    sql`, ${stored} as (${parts.event.row(soldLead)})`,
  ].filter((part): part is SQL => Boolean(part));
  const wake = parts.event.wake(sql`${stored}.id`);
  const selected = Object.values(purchaseRow).map((c) => sql`${bought}.${column(c)}`);
  return sql`with ${soldLead} as (${won}), ${bought} as (${insert})${sql.join(companions)}
    select ${sql.join(selected, sql`, `)}, ${stored}.id as event_id${wake ? sql`, ${wake} as woken` : sql``}
    from ${bought} cross join ${stored}`;
}

/**
 * Whether any purchase, live or released, was paid with this PaymentIntent: such an intent
 * is a completed sale's money, and a failed request must never cancel or refund it.
 */
export async function purchaseUsesIntent(db: Db, paymentIntentId: string): Promise<boolean> {
  const [row] = await db.select({ id: leadPurchases.id }).from(leadPurchases).where(eq(leadPurchases.paymentIntentId, paymentIntentId)).limit(1);
  return Boolean(row);
}

/** Super admin: hide an available lead from the market. Sold leads are left alone. */
export async function archiveAvailableLead(db: Db, leadId: number, now: Date): Promise<boolean> {
  const archived = await db
    .update(leads)
    .set({ isArchived: true, archivedAt: now, updatedAt: now })
    .where(and(eq(leads.id, leadId), eq(leads.status, "available"), eq(leads.isArchived, false)))
    .returning({ id: leads.id });
  return archived.length === 1;
}
