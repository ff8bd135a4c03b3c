// Drizzle only: the auto-buy schedule, one auto_buy_due row per lead on sale (docs/decisions/064-auto-buy-engine.md).
// Its due time is derived from leads.auction_started_at (the row's `clock`) and the orders, and
// rebuilt from them; instances claim due rows with FOR UPDATE SKIP LOCKED and a lease.
import { and, eq, sql } from "drizzle-orm";
import { autoBuyDue, leads, marketEvents, type Lead } from "../../shared/schema";
import type { Db } from "../db/client";
import { onTheMarket } from "../marketplace";

/** The lead, when it is on sale now. */
export async function leadOnSale(db: Db, leadId: number): Promise<Lead | undefined> {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), onTheMarket));
  return lead;
}

/** The lead a committed market event was about. */
export async function leadOfEvent(db: Db, eventId: number) {
  const [row] = await db.select({ leadId: marketEvents.leadId, type: marketEvents.type }).from(marketEvents).where(eq(marketEvents.id, eventId));
  return row;
}

/** The lead's schedule worked out afresh: its due time (null: no order wants it) and the clock it came from. */
export async function writeDue(db: Db, leadId: number, dueAt: Date | null, clock: Date): Promise<void> {
  await db.insert(autoBuyDue).values({ leadId, dueAt, clock }).onConflictDoUpdate({ target: autoBuyDue.leadId, set: { dueAt, clock } });
}

/**
 * After an attempt: the next due time, written only while the row is still this claim's (its
 * lease untouched). A row brought forward meanwhile by a changed order stays as it is.
 */
export async function finishDue(db: Db, leadId: number, leaseUntil: Date, dueAt: Date | null, clock: Date): Promise<void> {
  await db
    .update(autoBuyDue)
    .set({ dueAt, clock })
    .where(and(eq(autoBuyDue.leadId, leadId), sql`${autoBuyDue.dueAt} = ${leaseUntil.toISOString()}::timestamptz`));
}

export async function deleteDue(db: Db, leadId: number): Promise<void> {
  await db.delete(autoBuyDue).where(eq(autoBuyDue.leadId, leadId));
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

/** Leads on sale with no schedule, or one derived from an auction clock that has since moved (a relisting). */
export async function leadsToSchedule(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .leftJoin(autoBuyDue, eq(autoBuyDue.leadId, leads.id))
    .where(and(onTheMarket, sql`(${autoBuyDue.leadId} is null or ${autoBuyDue.clock} <> ${leads.auctionStartedAt})`))
    .orderBy(leads.id)
    .limit(limit);
  return rows.map((r) => r.id);
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
