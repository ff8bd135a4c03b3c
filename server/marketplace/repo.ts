// The marketplace's database access: Drizzle only, plain rows out.
import { and, desc, eq, gt, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { discountCodes, leadPurchases, leads, type DiscountCode, type Lead } from "../../shared/schema";
import type { Db } from "../db/client";

/** Keyset cursor "createdAtISO|id": a page costs the same however long the table grows. */
export function encodeCursor(lead: Pick<Lead, "createdAt" | "id">): string {
  return Buffer.from(`${lead.createdAt.toISOString()}|${lead.id}`).toString("base64url");
}

export function decodeCursor(cursor: string): { createdAt: Date; id: number } | null {
  const [iso, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(iso ?? "");
  if (Number.isNaN(createdAt.getTime()) || !/^\d+$/.test(id ?? "")) return null;
  return { createdAt, id: Number(id) };
}

const onTheMarket = and(eq(leads.status, "available"), eq(leads.isArchived, false), ne(leads.source, "provider_manual"));

export async function listAvailableLeads(db: Db, page: { limit: number; after?: { createdAt: Date; id: number } | null }) {
  const after = page.after;
  const rows = await db
    .select()
    .from(leads)
    .where(
      after
        ? and(onTheMarket, or(lt(leads.createdAt, after.createdAt), and(eq(leads.createdAt, after.createdAt), lt(leads.id, after.id))))
        : onTheMarket,
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  return { rows: rows.slice(0, page.limit), hasMore };
}

export async function findMarketLead(db: Db, id: number): Promise<Lead | undefined> {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.isArchived, false), ne(leads.source, "provider_manual")));
  return lead;
}

export async function findDiscountCode(db: Db, code: string): Promise<DiscountCode | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(sql`upper(${discountCodes.code})`, code.trim().toUpperCase()));
  return row;
}

/**
 * The exclusive sale: only the first transaction to flip 'available' to 'sold' gets a row
 * back. Others block on the row lock, then see 'sold' and get nothing (DESIGN.md section 4).
 */
export async function markSold(tx: Db, leadId: number, now: Date): Promise<boolean> {
  const won = await tx
    .update(leads)
    .set({ status: "sold", updatedAt: now, lastPriceUpdate: now })
    .where(and(eq(leads.id, leadId), eq(leads.status, "available"), eq(leads.isArchived, false)))
    .returning({ id: leads.id });
  return won.length === 1;
}

/** Counts one use of a code, only while it is active, in its window and under its limit. */
export async function claimDiscountUse(tx: Db, codeId: number, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(discountCodes)
    .set({ currentUses: sql`${discountCodes.currentUses} + 1`, updatedAt: now })
    .where(
      and(
        eq(discountCodes.id, codeId),
        eq(discountCodes.isActive, true),
        lte(discountCodes.validFrom, now),
        or(isNull(discountCodes.validUntil), gt(discountCodes.validUntil, now)),
        or(isNull(discountCodes.maxUses), lt(discountCodes.currentUses, discountCodes.maxUses)),
      ),
    )
    .returning({ id: discountCodes.id });
  return claimed.length === 1;
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

/** A pipeline owner's live purchases with the full lead (unlocked: they bought it). */
export async function purchasesOf(db: Db, ownerId: number) {
  return db
    .select({ purchase: leadPurchases, lead: leads })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(eq(leadPurchases.buyerId, ownerId), isNull(leadPurchases.releasedAt), eq(leadPurchases.isArchived, false)))
    .orderBy(desc(leadPurchases.purchasedAt), desc(leadPurchases.id));
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
