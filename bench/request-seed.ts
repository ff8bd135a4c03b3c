// Bulk seeding for the request-cost benchmark, in SQL (generate_series): 100,000 leads and
// 80,000 past purchases in seconds instead of minutes of row-by-row inserts.
import { sql } from "drizzle-orm";
import { leads } from "../shared/schema";
import type { Db } from "../server/platform/db/client";

/**
 * One lead in five is on sale; the rest are sold, each with one completed, paid purchase whose
 * job was worked through to its paid invoice, as a real market's history is: a purchase left in
 * Purchased would be work the contact-promise reminder's sweep still has to decide, and 80,000
 * of them at once is a backlog no running market has (it would run beside the measures).
 */
export const ON_SALE_EVERY = 5;

/**
 * Leads `from`..`to` (job references S-<n>), newest first as n grows, each with its own
 * customer details written into the free text so the redaction does its real work.
 */
export async function seedLeads(db: Db, buyerId: number, from: number, to: number) {
  await db.execute(sql`
    insert into leads (job_reference, customer_name, customer_phone, customer_email, customer_address, service_location,
      electrical_work, suburb, state, postcode, starting_price, created_at, auction_started_at, status)
    select 'S-' || g, 'Jane Customer' || g, '04' || lpad((g % 100000000)::text, 8, '0'), 'jane' || g || '@example.com',
      g || ' Church St, Parramatta NSW 2150', 'Parramatta NSW 2150',
      'Rewire the kitchen at ' || g || ' Church Street, call me on 0412 345 678 or email jane' || g || '@example.com',
      'Parramatta', 'NSW', '2150', (40 + g % 80)::numeric(10, 2),
      now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval,
      (case when g % ${ON_SALE_EVERY} = 0 then 'available' else 'sold' end)::lead_status
    from generate_series(${from}::int, ${to}::int) g`);
  await db.execute(sql`
    insert into lead_purchases (lead_id, buyer_id, buyer_name, amount_paid, payment_status, purchased_at, sales_stage)
    select l.id, ${buyerId}, 'Bench Buyer', l.starting_price, 'completed', l.created_at + interval '1 minute', 'invoice_paid'
    from leads l
    where l.status = 'sold' and l.job_reference like 'S-%'
      and substr(l.job_reference, 3)::int between ${from}::int and ${to}::int`);
  // What autovacuum does by itself after a load this size: statistics and the visibility map.
  await db.execute(sql`vacuum analyze leads`);
  await db.execute(sql`vacuum analyze lead_purchases`);
}

/** Leads the quote form added during a measure: removed so the market keeps its seeded size. */
export async function removeIntakeLeads(db: Db) {
  await db.execute(sql`delete from leads where source = 'quote_form' and job_reference not like 'S-%' and job_reference not like 'C-%'`);
}

/** `count` fresh leads on sale for the contested purchases (job references C-<n>, or C-<prefix><n>). */
export async function seedContestedLeads(db: Db, count: number, prefix = ""): Promise<number[]> {
  const rows = await db
    .insert(leads)
    .values(
      Array.from({ length: count }, (_, i) => ({
        jobReference: `C-${prefix}${i}`,
        customerName: "Race Customer",
        customerPhone: "0411222333",
        serviceLocation: "Sydney NSW 2000",
        // Every lead on sale names a real suburb (docs/decisions/034).
        suburb: "Sydney",
        state: "NSW",
        postcode: "2000",
        electricalWork: "Contested job for the benchmark",
        startingPrice: "60.00",
      })),
    )
    .returning({ id: leads.id });
  return rows.map((r) => r.id);
}
