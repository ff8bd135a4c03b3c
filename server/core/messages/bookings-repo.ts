// Drizzle only: what the customer's booking messages read (docs/decisions/049-missed-promises-and-
// refunds.md, "Keeping the customer informed"): who comes from which business, and the booked
// market jobs whose evening-before reminder may be due.
import { sql } from "drizzle-orm";
import { BOOKING_SMS_FIELD, BOOKED_STAGES } from "../../../shared/customer-updates";
import type { Db } from "../../platform/db/client";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const intArray = (ids: number[]) => `{${ids.join(",")}}`;
const textArray = (values: readonly string[]) => `{${values.join(",")}}`;

export interface TeamWords {
  /** The first name of who comes (or who tapped). */
  firstName: string | null;
  /** The buyer's business: a team member's own account has none. */
  companyName: string | null;
  /** The buyer's phone, for "to change it, call …". */
  phone: string | null;
}

/** The person's first name with the buyer's business and phone. */
export async function teamWords(tx: Db, buyerId: number, personId: number): Promise<TeamWords | null> {
  const [row] = rows<{ first_name: string | null; company_name: string | null; phone: string | null }>(
    await tx.execute(sql`
      select (select first_name from users where id = ${personId}) as first_name, b.company_name, b.phone
      from users b where b.id = ${buyerId}`),
  );
  return row ? { firstName: row.first_name, companyName: row.company_name, phone: row.phone } : null;
}

/** The start as its event key writes it (Date.toISOString()), in SQL. */
const startKey = sql`to_char(p.job_starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The reminders swept from booked jobs: the evening before, and the hour before a picked window (docs/decisions/102-booking-windows.md). */
export type ReminderKind = "evening" | "hour-before";
const reminderEvent = (kind: ReminderKind) => sql`${`job.${kind}:`} || p.id || ':' || ${startKey}`;
/** The hour before goes for picked windows only: a typed time keeps what it had (docs/decisions/102). */
const remindable = (kind: ReminderKind) => (kind === "hour-before" ? sql`and p.job_ends_at is not null` : sql``);
/**
 * A live, booked market job: paid, not unpurchased, refunded or archived, in a booked stage,
 * not a provider's own. Written once for the sweep and its lock, so the two never disagree.
 */
const BOOKED_MARKET_JOB = sql`p.payment_status = 'completed' and p.released_at is null and p.refunded_at is null and not p.is_archived
  and l.source <> 'provider_manual' and l.closed_by_customer_at is null and p.sales_stage::text = any(${textArray(BOOKED_STAGES)}::text[])`;

export interface EveningCandidate {
  purchaseId: number;
  startsAt: Date;
  /** A picked window's end, or null for a typed time. */
  endsAt: Date | null;
  buyerId: number;
  workerId: number;
  leadId: number;
  state: string | null;
  customerPhone: string;
  source: string;
  /** When the customer was last sent this start (the audit's `bookingSms`), or null. */
  toldAt: Date | null;
}

type CandidateRow = {
  id: number;
  job_starts_at: string | Date;
  job_ends_at: string | Date | null;
  buyer_id: number;
  worker_id: number;
  lead_id: number;
  state: string | null;
  customer_phone: string;
  source: string;
  told_at: string | Date | null;
};
const toCandidate = (r: CandidateRow): EveningCandidate => ({
  purchaseId: r.id,
  startsAt: new Date(r.job_starts_at),
  endsAt: r.job_ends_at === null ? null : new Date(r.job_ends_at),
  buyerId: r.buyer_id,
  workerId: r.worker_id,
  leadId: r.lead_id,
  state: r.state,
  customerPhone: r.customer_phone,
  source: r.source,
  toldAt: r.told_at === null ? null : new Date(r.told_at),
});

const candidateColumns = sql`p.id, p.job_starts_at, p.job_ends_at, p.buyer_id, coalesce(p.assigned_to, p.buyer_id) as worker_id, l.id as lead_id, l.state,
  l.customer_phone, l.source,
  (select max(c.created_at) from purchase_changes c where c.purchase_id = p.id and c.field = ${BOOKING_SMS_FIELD} and c.new_value = ${startKey}) as told_at`;

/**
 * Booked market jobs starting after `now` and by `until` whose reminder of this kind is not
 * decided yet (no row for its event). Through lead_purchases_job_starts_idx.
 */
export async function reminderCandidates(db: Db, kind: ReminderKind, now: Date, until: Date): Promise<EveningCandidate[]> {
  const found = rows<CandidateRow>(
    await db.execute(sql`
      select ${candidateColumns}
      from lead_purchases p join leads l on l.id = p.lead_id
      where p.job_starts_at > ${now.toISOString()}::timestamptz and p.job_starts_at <= ${until.toISOString()}::timestamptz
        and ${BOOKED_MARKET_JOB} ${remindable(kind)}
        and not exists (select 1 from outbox_messages o where o.event = ${reminderEvent(kind)})
      order by p.job_starts_at, p.id`),
  );
  return found.map(toCandidate);
}

/**
 * In the enqueueing transaction: locks the due jobs no other instance is working on (SKIP
 * LOCKED), then reads them again in a new statement, which sees what another instance
 * committed before the lock was ours: still booked, at the same start, still undecided.
 */
export async function lockDueReminders(tx: Db, kind: ReminderKind, due: EveningCandidate[]): Promise<EveningCandidate[]> {
  const locked = rows<{ id: number }>(
    await tx.execute(sql`select id from lead_purchases where id = any(${intArray(due.map((c) => c.purchaseId))}::int[]) for update skip locked`),
  );
  if (locked.length === 0) return [];
  const still = rows<CandidateRow>(
    await tx.execute(sql`
      select ${candidateColumns}
      from lead_purchases p join leads l on l.id = p.lead_id
      where p.id = any(${intArray(locked.map((r) => r.id))}::int[]) and ${BOOKED_MARKET_JOB} ${remindable(kind)}
        and not exists (select 1 from outbox_messages o where o.event = ${reminderEvent(kind)})`),
  );
  const startOf = new Map(due.map((c) => [c.purchaseId, c.startsAt.getTime()]));
  return still.map(toCandidate).filter((c) => startOf.get(c.purchaseId) === c.startsAt.getTime());
}

export interface BookingMessage {
  id: number;
  event: string;
  status: string;
  /** A claim under way: a sender is sending it now. */
  claimed: boolean;
}

/** The booking messages of one purchase, newest first (through outbox_messages_lead_idx). */
export async function bookingMessagesOf(tx: Db, leadId: number, purchaseId: number, now: Date): Promise<BookingMessage[]> {
  const found = rows<{ id: number | string; event: string; status: string; claimed: boolean }>(
    await tx.execute(sql`
      select id, event, status, coalesce(lease_until > ${now.toISOString()}::timestamptz, false) as claimed
      from outbox_messages where lead_id = ${leadId} and event like ${`job.booked:${purchaseId}:%`}
      order by id desc`),
  );
  return found.map((r) => ({ id: Number(r.id), event: r.event, status: r.status, claimed: r.claimed }));
}

/** The pending messages of one event for a lead that no sender holds now. */
export async function pendingMessagesOf(tx: Db, leadId: number, event: string, now: Date): Promise<number[]> {
  const found = rows<{ id: number | string }>(
    await tx.execute(sql`
      select id from outbox_messages
      where lead_id = ${leadId} and event = ${event} and status = 'pending' and (lease_until is null or lease_until <= ${now.toISOString()}::timestamptz)`),
  );
  return found.map((r) => Number(r.id));
}

/** Drops pending messages no sender holds now; returns the ids dropped. */
export async function withdrawMessages(tx: Db, ids: number[], now: Date, reason: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const dropped = rows<{ id: number | string }>(
    await tx.execute(sql`
      update outbox_messages set status = 'dropped', last_error = ${reason}
      where id = any(${intArray(ids)}::bigint[]) and status = 'pending' and (lease_until is null or lease_until <= ${now.toISOString()}::timestamptz)
      returning id`),
  );
  return dropped.map((r) => Number(r.id));
}
