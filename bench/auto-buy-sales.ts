// What the auto-buy bench reads back: every sale of its leads with the instant it committed. The
// commit instant comes from the database itself: a deferred constraint trigger runs at COMMIT,
// after every statement of the sale's transaction, and stamps clock_timestamp() (the wall clock
// this machine's Node reads too) into a side table; a sale that rolls back leaves no stamp. It is
// installed in the bench's own scratch database only, on PostgreSQL and PGlite alike.
import { sql } from "drizzle-orm";
import type { Db } from "../server/platform/db/client";

/** Installs the commit stamp on lead_purchases. */
export async function stampCommits(db: Db) {
  await db.execute(sql`create table bench_sale_commits (purchase_id integer primary key, lead_id integer not null, committed_at timestamptz not null)`);
  await db.execute(
    sql.raw(`create function bench_stamp_commit() returns trigger language plpgsql as $$
      begin
        insert into bench_sale_commits values (new.id, new.lead_id, clock_timestamp());
        return null;
      end $$`),
  );
  await db.execute(
    sql`create constraint trigger bench_sale_commit after insert on lead_purchases deferrable initially deferred for each row execute function bench_stamp_commit()`,
  );
}

export interface Sale {
  purchaseId: number;
  leadId: number;
  buyerId: number;
  orderId: number | null;
  /** The order's owner, when an order bought it. */
  ownerId: number | null;
  amountPaidCents: number;
  maxPriceCents: number | null;
  startingPrice: string;
  auctionStartedAt: Date;
  /** The sale's own clock (lead_purchases.purchased_at): when the seller decided, before the transaction. */
  purchasedAt: Date;
  committedAt: Date;
}

const cents = (v: unknown) => Math.round(Number(v) * 100);

/** Every purchase of a lead with an id in `ids`, with its commit stamp. */
export async function salesOf(db: Db, ids: number[]): Promise<Sale[]> {
  const wanted = new Set(ids);
  const result = await db.execute(sql`
    select p.id, p.lead_id, p.buyer_id, p.auto_buy_order_id, o.owner_id, p.amount_paid, o.max_price, l.starting_price,
      l.auction_started_at, p.purchased_at, c.committed_at
    from lead_purchases p
    join leads l on l.id = p.lead_id
    left join bench_sale_commits c on c.purchase_id = p.id
    left join auto_buy_orders o on o.id = p.auto_buy_order_id
    where p.lead_id between ${Math.min(...ids)} and ${Math.max(...ids)}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows
    .filter((r) => wanted.has(Number(r.lead_id)))
    .map((r) => {
      if (r.committed_at == null) throw new Error(`bench: purchase ${String(r.id)} has no commit stamp`);
      return {
        purchaseId: Number(r.id),
        leadId: Number(r.lead_id),
        buyerId: Number(r.buyer_id),
        orderId: r.auto_buy_order_id == null ? null : Number(r.auto_buy_order_id),
        ownerId: r.owner_id == null ? null : Number(r.owner_id),
        amountPaidCents: cents(r.amount_paid),
        maxPriceCents: r.max_price == null ? null : cents(r.max_price),
        startingPrice: String(r.starting_price),
        auctionStartedAt: new Date(r.auction_started_at as string),
        purchasedAt: new Date(r.purchased_at as string),
        committedAt: new Date(r.committed_at as string),
      };
    });
}

/** How many of the leads in `ids` have at least one purchase. */
export async function soldCount(db: Db, ids: number[]) {
  const result = await db.execute(
    sql`select count(distinct lead_id)::int as n from lead_purchases where lead_id between ${Math.min(...ids)} and ${Math.max(...ids)}`,
  );
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

/** Throws unless each lead in `ids` was sold exactly once, naming the leads that were not. */
export function exactlyOnce(what: string, ids: number[], sales: Sale[]) {
  const counts = new Map(ids.map((id) => [id, 0]));
  for (const s of sales) counts.set(s.leadId, (counts.get(s.leadId) ?? 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1);
  const none = [...counts].filter(([, n]) => n === 0);
  if (twice.length > 0 || none.length > 0) {
    const list = (xs: Array<[number, number]>) => xs.slice(0, 10).map(([id, n]) => `${id}×${n}`);
    throw new Error(
      `bench: ${what}: ${twice.length} leads sold more than once (${list(twice).join(", ")}), ${none.length} never sold (${list(none).join(", ")}) of ${ids.length}`,
    );
  }
}

/** The p-th percentile (0 to 100) of `xs`, nearest rank. */
export function percentile(xs: number[], p: number) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The most commits within any one second. */
export function busiestSecond(instants: number[]) {
  const sorted = [...instants].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}
