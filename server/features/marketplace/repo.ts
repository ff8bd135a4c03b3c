// The sale's database access: Drizzle only, plain rows out. The market's reads are in market-repo.ts.
import { and, eq, ne, sql } from "drizzle-orm";
import { leadPurchases, leads } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { preparedPerDatabase } from "../../platform/db/named-statement";
import { teamContactsColumn } from "../../core/customers";
import { keptFromColumn } from "./market-repo";

/**
 * What the sale checks before its transaction, in one statement built once (docs/decisions/107-a-small-server-under-load.md):
 * the lead, whether this buyer's side is kept from it (docs/decisions/049) and the side's own
 * contacts for the no-own-customer rule (docs/decisions/073).
 */
const buyableLead = preparedPerDatabase((db) => {
  const sideId = sql.placeholder("sideId");
  return db
    .select({
      lead: leads,
      excluded: keptFromColumn(sideId),
      sideContacts: teamContactsColumn(sideId),
    })
    .from(leads)
    .where(and(eq(leads.id, sql.placeholder("id")), eq(leads.isArchived, false), ne(leads.source, "provider_manual")))
    .prepare("buyable_lead");
});

export async function findBuyableLead(db: Db, id: number, sideId: number) {
  const [row] = await buyableLead(db).execute({ id, sideId });
  return row;
}

/**
 * The exclusive sale: only the first transaction to flip 'available' to 'sold' gets a row
 * back. Others block on the row lock, then see 'sold' and get nothing (docs/product.md section 10).
 */
export async function markSold(tx: Db, leadId: number, now: Date): Promise<boolean> {
  const won = await tx
    .update(leads)
    .set({ status: "sold", updatedAt: now, lastPriceUpdate: now })
    .where(and(eq(leads.id, leadId), eq(leads.status, "available"), eq(leads.isArchived, false)))
    .returning({ id: leads.id });
  return won.length === 1;
}

export async function insertPurchase(tx: Db, values: typeof leadPurchases.$inferInsert) {
  const [row] = await tx.insert(leadPurchases).values(values).returning();
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
