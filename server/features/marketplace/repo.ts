// The sale's database access: Drizzle only, plain rows out. The market's reads are in market-repo.ts.
import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import { leadPurchases, leads, type LeadPurchase } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { builtOnce, preparedPerDatabase } from "../../platform/db/named-statement";
import { teamContactsColumn } from "../../core/customers";
import { buyerAccountColumn } from "../../core/messages";
import { standingColumn } from "../../core/providers";
import { keptFromColumn } from "./market-repo";

/**
 * What the sale checks and tells before its transaction, in one statement built once
 * (docs/decisions/107-a-small-server-under-load.md, docs/decisions/108-a-sale-in-fewer-statements.md): the lead, whether this buyer's side is kept
 * from it (docs/decisions/049), the side's own contacts for the no-own-customer rule
 * (docs/decisions/073), and of the buyer the account the handover SMS names and the public
 * standing the purchase's answer shows.
 */
const buyableLead = preparedPerDatabase((db) => {
  const sideId = sql.placeholder("sideId");
  const buyerId = sql.placeholder("buyerId");
  return db
    .select({
      lead: leads,
      excluded: keptFromColumn(sideId),
      sideContacts: teamContactsColumn(sideId),
      buyerAccount: buyerAccountColumn(buyerId),
      buyerStanding: standingColumn(buyerId),
    })
    .from(leads)
    .where(and(eq(leads.id, sql.placeholder("id")), eq(leads.isArchived, false), ne(leads.source, "provider_manual")))
    .prepare("buyable_lead");
});

export async function findBuyableLead(db: Db, id: number, buyer: { sideId: number; buyerId: number }) {
  const [row] = await buyableLead(db).execute({ id, ...buyer });
  return row;
}

/** The won lead's id, and the purchase row as stored: each built once (docs/decisions/108-a-sale-in-fewer-statements.md). */
const wonLead = { id: leads.id };
// Drizzle's update types take no placeholder, but it runs one as the column's own parameter.
const saleTime = sql.placeholder("now") as unknown as Date;
const markSoldStatement = builtOnce<{ id: number }>("mark_sold", wonLead, (db) =>
  db
    .update(leads)
    .set({ status: "sold", updatedAt: saleTime, lastPriceUpdate: saleTime })
    .where(and(eq(leads.id, sql.placeholder("leadId")), eq(leads.status, "available"), eq(leads.isArchived, false)))
    .returning(wonLead),
);

/**
 * The exclusive sale: only the first transaction to flip 'available' to 'sold' gets a row
 * back. Others block on the row lock, then see 'sold' and get nothing (docs/product.md section 10).
 */
export async function markSold(tx: Db, leadId: number, now: Date): Promise<boolean> {
  const won = await markSoldStatement(tx, { leadId, now });
  return won.length === 1;
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
const purchaseRow = getTableColumns(leadPurchases);
const insertPurchaseStatement = builtOnce<LeadPurchase>("insert_purchase", purchaseRow, (db) =>
  db
    .insert(leadPurchases)
    .values(Object.fromEntries(SALE_COLUMNS.map((column) => [column, sql.placeholder(column)])) as unknown as NewPurchase)
    .returning(purchaseRow),
);

export async function insertPurchase(tx: Db, values: SalePurchase): Promise<LeadPurchase> {
  const [row] = await insertPurchaseStatement(tx, values);
  return row!;
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
