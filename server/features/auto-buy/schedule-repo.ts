// Drizzle only: the auto-buy schedule, one auto_buy_due row per lead on sale (docs/decisions/064-auto-buy-engine.md).
// Its due time is derived from leads.auction_started_at (the row's `clock`) and the orders, and
// rebuilt from them; instances claim due rows with FOR UPDATE SKIP LOCKED and a lease.
import { and, inArray, sql } from "drizzle-orm";
import { autoBuyDue, leads, marketEvents } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { onTheMarket } from "../../core/listing";

/** The leads committed market events were about, and what happened to each. */
export async function leadsOfEvents(db: Db, eventIds: number[]) {
  if (eventIds.length === 0) return [];
  return db.select({ leadId: marketEvents.leadId, type: marketEvents.type }).from(marketEvents).where(inArray(marketEvents.id, eventIds));
}

/**
 * Leads to work out afresh, due now, in one statement, whichever instance claims them (the
 * schedule is computed at the claim, once, not by every instance that hears of the lead):
 * `ids` null means every lead on sale with no row yet, or whose row was derived from an
 * auction clock that has since moved (a relisting). A row already there is left as it is,
 * unless its clock moved or `refresh` (a changed lead: more orders may take it now); then it is
 * brought forward to now, never put back. The clock stays as it was until the try rewrites it.
 */
export async function markDueNow(db: Db, now: Date, ids: number[] | null, refresh = false): Promise<void> {
  if (ids?.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  const which = ids
    ? inArray(leads.id, ids)
    : sql`not exists (select 1 from ${autoBuyDue} d where d.lead_id = ${leads.id} and d.clock = ${leads.auctionStartedAt})`;
  await db.execute(sql`
    insert into ${autoBuyDue} (lead_id, due_at, clock)
    select ${leads.id}, ${at}, ${leads.auctionStartedAt} from ${leads} where ${and(onTheMarket, which)}
    on conflict (lead_id) do update set due_at = least(${autoBuyDue.dueAt}, ${at})
    where ${refresh ? sql`true` : sql`${autoBuyDue.clock} <> excluded.clock`}`);
}

/**
 * After an attempt: the next due time, written only while the row is still this claim's (its
 * lease untouched). A row brought forward meanwhile by a changed order stays as it is.
 */
export async function finishDue(db: Db, leaseUntil: Date, rows: Array<{ leadId: number; dueAt: Date | null; clock: Date }>): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.leadId}::int, ${r.dueAt ? r.dueAt.toISOString() : null}::timestamptz, ${r.clock.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${autoBuyDue} set due_at = v.due_at, clock = v.clock
    from (values ${values}) as v(lead_id, due_at, clock)
    where ${autoBuyDue.leadId} = v.lead_id and ${autoBuyDue.dueAt} = ${leaseUntil.toISOString()}::timestamptz`);
}

export async function deleteDue(db: Db, leadIds: number[]): Promise<void> {
  if (leadIds.length === 0) return;
  await db.delete(autoBuyDue).where(inArray(autoBuyDue.leadId, leadIds));
}

/**
 * Due rows claimed by this instance: each one's due time pushed to `leaseUntil`, so no other
 * instance takes it while this one tries it, and another does if this one dies. Rows another
 * instance is claiming right now are skipped, not waited for.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<Array<{ leadId: number; dueAt: Date }>> {
  const result = await db.execute(sql`
    with picked as (
      select ${autoBuyDue.leadId} as lead_id, ${autoBuyDue.dueAt} as due_at from ${autoBuyDue}
      where ${autoBuyDue.dueAt} <= ${now.toISOString()}::timestamptz
      order by ${autoBuyDue.dueAt}
      limit ${limit}
      for update skip locked
    )
    update ${autoBuyDue} set due_at = ${leaseUntil.toISOString()}::timestamptz
    from picked where ${autoBuyDue.leadId} = picked.lead_id
    returning picked.lead_id, picked.due_at`);
  const rows = (result as unknown as { rows: Array<{ lead_id: number; due_at: string | Date }> }).rows;
  return rows.map((r) => ({ leadId: Number(r.lead_id), dueAt: new Date(r.due_at) }));
}

/** The earliest due time of any row (a lease's end included): the loop wakes then if that is sooner than its tick. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: sql<Date | null>`min(${autoBuyDue.dueAt})`.mapWith(autoBuyDue.dueAt) }).from(autoBuyDue);
  return row?.at ?? null;
}

/** Schedules of leads no longer on sale (sold, archived, closed) are dropped. */
export async function dropSchedulesOffSale(db: Db): Promise<void> {
  await db.execute(sql`
    delete from ${autoBuyDue} d using ${leads} l
    where l.id = d.lead_id and not (l.status = 'available' and l.is_archived = false and l.source <> 'provider_manual')`);
}

/**
 * A changed order wants these leads at these times: each row's due time is brought forward
 * to it, never put back (an earlier look than needed finds nothing and reschedules). A row
 * whose clock differs from the lead's is due now: the attempt works it out afresh.
 */
export async function bringForward(db: Db, wants: Array<{ leadId: number; dueAt: Date; clock: Date }>, now: Date): Promise<void> {
  if (wants.length === 0) return;
  await db
    .insert(autoBuyDue)
    .values(wants)
    .onConflictDoUpdate({
      target: autoBuyDue.leadId,
      set: {
        dueAt: sql`case when ${autoBuyDue.clock} = excluded.clock then least(${autoBuyDue.dueAt}, excluded.due_at) else least(${autoBuyDue.dueAt}, ${now.toISOString()}::timestamptz) end`,
      },
    });
}
