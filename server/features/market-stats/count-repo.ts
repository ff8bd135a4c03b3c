// The price tape's counting (docs/decisions/066-price-tape.md): sales and listings that reached $0
// since the watermark become counts per group, day and value, each exactly once (market_tape_counted).
// Runs in the sweep's own transaction, never in a sale's.
import { sql, type SQL } from "drizzle-orm";
import { AUSTRALIAN_STATES, zoneOfState } from "../../../shared/state-time";
import { SYDNEY_ZONE } from "../../../shared/sydney-time";
import type { Db } from "../../platform/db/client";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A sale's transaction stamps purchased_at before it commits: look this far behind the watermark for late commits. */
export const LATE_COMMIT_MS = 10 * 60_000;
/** A listing counts as unsold this long after its auction ended, so a sale already under way at the end is seen first. */
export const UNSOLD_GRACE_MS = 30_000;
/** Auctions are at most a day long (docs/product.md section 9: default 60 minutes). */
const LONGEST_AUCTION = sql`interval '1 day'`;

/** The local hour of the lead's own state when it went on sale (the quiet hours' clock, shared/state-time.ts). */
const localHour = sql.raw(
  `extract(hour from l.auction_started_at at time zone (case l.state ${AUSTRALIAN_STATES.map((s) => `when '${s}' then '${zoneOfState(s)}'`).join(" ")} else '${SYDNEY_ZONE}' end))::int`,
);
const sydneyDay = (column: SQL) => sql`(${column} at time zone ${sql.raw(`'${SYDNEY_ZONE}'`)})::date`;

/**
 * A listing's groups: the region is its suburb's SA4 area inside the lead's state (an area the
 * data set puts across a border is named "(NSW part)"), a suburb's key carries its region.
 */
const groupColumns = sql`
  l.state as state,
  l.service_type as service_type,
  ${localHour} as hour,
  round(l.starting_price * 100)::int as start_cents,
  l.state || ':' || coalesce(s.sa4_code, 'none') as region_key,
  case when s.sa4_code is null then 'Place not given'
       when substr(s.sa4_code, 1, 1) <> (case l.state when 'NSW' then '1' when 'VIC' then '2' when 'QLD' then '3' when 'SA' then '4'
            when 'WA' then '5' when 'TAS' then '6' when 'NT' then '7' when 'ACT' then '8' else '9' end)
         then s.sa4_name || ' (' || l.state || ' part)'
       else s.sa4_name end as region_label,
  l.state || ':' || coalesce(s.sa4_code, 'none') || '/' || coalesce(s.id::text, lower(coalesce(l.suburb, '')) || ' ' || coalesce(l.postcode, '')) as suburb_key,
  coalesce(s.name || ' ' || s.postcode, nullif(trim(coalesce(l.suburb, '') || ' ' || coalesce(l.postcode, '')), ''), 'Place not given') as suburb_label`;

/** Market leads only: a provider's own job is not sold on the market. */
const marketLead = sql`l.source <> 'provider_manual' and l.state is not null`;

/** One fact per counted listing, unpivoted into its five groups and its measures, added to the counts. */
function addFacts(facts: SQL, measures: SQL) {
  return sql`
    insert into market_tape_counts (dimension, day, state, key, measure, value, n, label)
    select g.dimension, f.day, f.state, g.key, m.measure, m.value, count(*)::int, min(g.label)
    from (${facts}) f
    cross join lateral (values ('state', 'all', f.state), ('region', f.region_key, f.region_label), ('suburb', f.suburb_key, f.suburb_label),
                               ('serviceType', f.service_type, f.service_type), ('hour', f.hour::text, f.hour::text)) g(dimension, key, label)
    cross join lateral (${measures}) m(measure, value)
    group by 1, 2, 3, 4, 5, 6
    on conflict (dimension, day, state, key, measure, value) do update set n = market_tape_counts.n + excluded.n, label = excluded.label`;
}

/**
 * Where a step of counting from `since` ends: the purchase time `sales` completed sales later,
 * or null when fewer are left (the step then runs to the clock). Walks the recent-purchases
 * index (lead_purchases_paid_recent_idx) backwards from `since`.
 */
export async function stepBoundary(tx: Tx, since: Date, sales: number): Promise<Date | null> {
  const result = await tx.execute(sql`
    select purchased_at from lead_purchases
    where payment_status = 'completed' and purchased_at > ${since}
    order by purchased_at asc nulls last, id asc nulls last offset ${sales} limit 1`);
  const [row] = rowsOf<{ purchased_at: Date | string }>(result);
  return row ? new Date(row.purchased_at) : null;
}

/** Counts the sales made before their auction reached $0, purchased in (since - LATE_COMMIT_MS, until]; returns how many. */
export async function countSales(tx: Tx, since: Date, until: Date, now: Date): Promise<number> {
  const from = new Date(since.getTime() - LATE_COMMIT_MS);
  const marked = await tx.execute(sql`
    insert into market_tape_counted (item, counted_at)
    select 'sale:' || p.id, ${now} from lead_purchases p join leads l on l.id = p.lead_id
    where p.purchased_at > ${from} and p.purchased_at <= ${until}
      and p.payment_status in ('completed', 'refunded') and ${marketLead}
      and p.purchased_at < l.auction_started_at + l.auction_duration * interval '1 minute'
    on conflict (item) do nothing
    returning item`);
  const items = rowsOf<{ item: string }>(marked).map((r) => r.item);
  if (items.length === 0) return 0;
  const ids = items.map((item) => Number(item.slice("sale:".length)));
  const facts = sql`
    select ${sydneyDay(sql`p.purchased_at`)} as day, ${groupColumns},
      round(coalesce(p.original_price, p.amount_paid) * 100)::int as price_cents,
      greatest(0, floor(extract(epoch from (p.purchased_at - l.auction_started_at)) / 60))::int as minutes
    from lead_purchases p join leads l on l.id = p.lead_id left join suburbs s on s.id = l.suburb_id
    where p.id in (select unnest(${sql.raw(`'{${ids.join(",")}}'::int[]`)}))`;
  await tx.execute(addFacts(facts, sql`values ('price', f.price_cents), ('minutes', f.minutes), ('start', f.start_cents)`));
  return items.length;
}

/** Counts the listings whose auction reached $0 unsold in (since - LATE_COMMIT_MS, until - UNSOLD_GRACE_MS]; returns how many. */
export async function countUnsold(tx: Tx, since: Date, until: Date, now: Date): Promise<number> {
  const from = new Date(since.getTime() - LATE_COMMIT_MS);
  const to = new Date(until.getTime() - UNSOLD_GRACE_MS);
  const ended = sql`(l.auction_started_at + l.auction_duration * interval '1 minute')`;
  const marked = await tx.execute(sql`
    insert into market_tape_counted (item, counted_at)
    select 'unsold:' || l.id || ':' || l.listing || ':' || extract(epoch from l.auction_started_at)::bigint, ${now}
    from leads l
    where l.auction_started_at > ${from}::timestamptz - ${LONGEST_AUCTION} and l.auction_started_at <= ${to}
      and ${ended} > ${from} and ${ended} <= ${to} and ${marketLead}
      and not (l.is_archived and l.archived_at < ${ended})
      and not (l.closed_by_customer_at is not null and l.closed_by_customer_at < ${ended})
      and not exists (select 1 from lead_purchases p where p.lead_id = l.id and p.purchased_at >= l.auction_started_at and p.purchased_at < ${ended})
    on conflict (item) do nothing
    returning item`);
  const items = rowsOf<{ item: string }>(marked).map((r) => r.item);
  if (items.length === 0) return 0;
  const ids = items.map((item) => Number(item.split(":")[1]));
  const facts = sql`
    select ${sydneyDay(ended)} as day, ${groupColumns}
    from leads l left join suburbs s on s.id = l.suburb_id
    where l.id in (select unnest(${sql.raw(`'{${ids.join(",")}}'::int[]`)}))`;
  await tx.execute(addFacts(facts, sql`values ('unsold', 0), ('start', f.start_cents)`));
  return items.length;
}

/** Counts and counted items older than anything a window or the late-commit look-back can reach. */
export async function pruneCounts(tx: Tx, oldestDay: string, now: Date) {
  await tx.execute(sql`delete from market_tape_counts where day < ${oldestDay}`);
  await tx.execute(sql`delete from market_tape_counted where counted_at < ${new Date(now.getTime() - 6 * LATE_COMMIT_MS)}`);
}

/** The rebuild path: forget every count; the next pass counts the last 90 days again from the sales themselves. */
export async function forgetCounts(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from market_tape_counts`);
    await tx.execute(sql`delete from market_tape_counted`);
    await tx.execute(sql`update market_tape_state set counted_through = null, dirty = true`);
  });
}

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
