// The marketplace's database access: Drizzle only, plain rows out.
import { and, count, desc, eq, gt, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { discountCodes, leadPurchases, leads, type DiscountCode, type Lead } from "../../shared/schema";
import { MARKET_COUNT_CAP } from "../../shared/marketplace";
import type { Db } from "../db/client";

/**
 * Keyset cursor over the market order (auction_started_at desc, id desc): a page costs the
 * same however long the table grows. The timestamp travels as PostgreSQL's own microsecond
 * text, not a JS Date (milliseconds), because the column's default now() keeps microseconds
 * and a truncated cursor would skip or repeat leads.
 */
export interface MarketCursor {
  auctionStartedAt: string;
  id: number;
}

const MICROSECOND_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: MarketCursor): string {
  return Buffer.from(`${cursor.auctionStartedAt}|${cursor.id}`).toString("base64url");
}

export function decodeCursor(cursor: string): MarketCursor | null {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  if (!at || !MICROSECOND_ISO.test(at) || Number.isNaN(Date.parse(at)) || !/^\d{1,10}$/.test(id ?? "")) return null;
  return { auctionStartedAt: at, id: Number(id) };
}

// Same predicate as the partial index leads_available_auction_idx (plus private jobs out).
const onTheMarket = and(eq(leads.status, "available"), eq(leads.isArchived, false), ne(leads.source, "provider_manual"));
const auctionStartText = sql<string>`to_char(${leads.auctionStartedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Newest auction first: a lead back on sale after an unpurchase counts as new. */
export async function listAvailableLeads(db: Db, page: { limit: number; after?: MarketCursor | null }) {
  const after = page.after;
  const rows = await db
    .select({ lead: leads, auctionStartedAt: auctionStartText })
    .from(leads)
    .where(after ? and(onTheMarket, sql`(${leads.auctionStartedAt}, ${leads.id}) < (${after.auctionStartedAt}::timestamptz, ${after.id})`) : onTheMarket)
    .orderBy(desc(leads.auctionStartedAt), desc(leads.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    rows: shown.map((r) => r.lead),
    nextCursor: hasMore && last ? encodeCursor({ auctionStartedAt: last.auctionStartedAt, id: last.lead.id }) : null,
  };
}

/** How many leads are on the market (the count badge), up to MARKET_COUNT_CAP + 1. */
export async function countAvailableLeads(db: Db): Promise<number> {
  const onSale = db.select({ id: leads.id }).from(leads).where(onTheMarket).limit(MARKET_COUNT_CAP + 1).as("on_sale");
  const [row] = await db.select({ n: count() }).from(onSale);
  return row?.n ?? 0;
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
