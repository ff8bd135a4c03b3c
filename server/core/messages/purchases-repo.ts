// Drizzle only: what the one outbox reads of sales (docs/decisions/046-one-outbox.md): the buyer the
// handover SMS names, the purchases whose contact-promise reminder may be due, who gets it, and
// whether a queued message about a purchase still has a reason to go.
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const intArray = (ids: number[]) => `{${ids.join(",")}}`;

export interface BuyerAccount {
  firstName: string | null;
  companyName: string | null;
  licenseNumber: string | null;
  licenceState: string | null;
}

/**
 * The buyer's account as the handover SMS names them, as one json column (null for no such user):
 * the purchase reads it with the lead it sells, so the sale's transaction does not
 * (docs/decisions/108-a-sale-in-fewer-statements.md).
 */
export const buyerAccountColumn = (userId: number | Placeholder | SQL) => sql<BuyerAccount | null>`(
  select json_build_object('firstName', u.first_name, 'companyName', u.company_name, 'licenseNumber', u.license_number, 'licenceState', u.licence_state)
  from users u where u.id = ${userId})`;

/** The buyer's account as the handover SMS names them. */
export async function buyerAccount(tx: Db, userId: number): Promise<BuyerAccount | null> {
  const [row] = rows<{ buyer: BuyerAccount | null }>(await tx.execute(sql`select ${buyerAccountColumn(userId)} as buyer`));
  return row?.buyer ?? null;
}

/**
 * A live market purchase: paid, not unpurchased, not refunded, not archived, of a lead that was
 * on the market (a provider's own job has no promise) and that its customer has not closed
 * (docs/decisions/049: nobody is reminded to call a customer who said they are done). Written once, used by the sweep, its
 * lock and the send-time check, so the three never disagree.
 */
const LIVE_MARKET_PURCHASE = sql`p.payment_status = 'completed' and p.released_at is null and p.refunded_at is null and not p.is_archived
  and l.source <> 'provider_manual' and l.closed_by_customer_at is null`;
/** Nothing logged yet: no contact attempt, and the job still in Purchased. */
const NOTHING_LOGGED = sql`p.sales_stage = 'purchased' and not exists (select 1 from contact_attempts a where a.purchase_id = p.id)`;
const reminderEvent = sql`'promise.reminder:' || p.id`;

export interface ReminderCandidate {
  purchaseId: number;
  purchasedAt: Date;
  /** Who is reminded: the team member the job is assigned to, else the owner who bought it. */
  userId: number;
  leadId: number;
  state: string | null;
  urgency: string;
  serviceType: string;
  customerName: string;
  suburb: string | null;
}

type CandidateRow = {
  id: number;
  purchased_at: string | Date;
  user_id: number;
  lead_id: number;
  state: string | null;
  urgency: string;
  service_type: string;
  customer_name: string;
  suburb: string | null;
};
const toCandidate = (r: CandidateRow): ReminderCandidate => ({
  purchaseId: r.id,
  purchasedAt: new Date(r.purchased_at),
  userId: r.user_id,
  leadId: r.lead_id,
  state: r.state,
  urgency: r.urgency,
  serviceType: r.service_type,
  customerName: r.customer_name,
  suburb: r.suburb,
});

/**
 * Live market purchases made since `since` with nothing logged and no reminder queued yet: the
 * sweep computes each one's reminder time from purchased_at (shared/contact-promise.ts).
 * Through lead_purchases_paid_recent_idx (purchased_at, partial on completed payments). Oldest
 * first and at most `limit`: the oldest are the first due, and a backlog (purchases made before
 * the reminders existed, a long outage) is worked off a batch per pass instead of loaded whole.
 */
export async function reminderCandidates(db: Db, since: Date, limit: number): Promise<ReminderCandidate[]> {
  const found = rows<CandidateRow>(
    await db.execute(sql`
      select p.id, p.purchased_at, coalesce(p.assigned_to, p.buyer_id) as user_id, l.id as lead_id, l.state, l.urgency, l.service_type, l.customer_name, l.suburb
      from lead_purchases p join leads l on l.id = p.lead_id
      where p.purchased_at > ${since.toISOString()}::timestamptz and ${LIVE_MARKET_PURCHASE} and ${NOTHING_LOGGED}
        and not exists (select 1 from outbox_messages o where o.event = ${reminderEvent})
      order by p.purchased_at, p.id
      limit ${limit}`),
  );
  return found.map(toCandidate);
}

/**
 * In the enqueueing transaction: locks the due purchases no other instance is working on
 * (SKIP LOCKED), then, in a second statement that sees whatever another instance committed
 * before the lock was ours, keeps those still due: nothing logged, no reminder queued. Read
 * again with the lock held, so an assignment made meanwhile names the right person.
 */
export async function lockDueReminders(tx: Db, purchaseIds: number[]): Promise<ReminderCandidate[]> {
  const locked = rows<{ id: number }>(
    await tx.execute(sql`select id from lead_purchases where id = any(${intArray(purchaseIds)}::int[]) for update skip locked`),
  );
  if (locked.length === 0) return [];
  const still = rows<CandidateRow>(
    await tx.execute(sql`
      select p.id, p.purchased_at, coalesce(p.assigned_to, p.buyer_id) as user_id, l.id as lead_id, l.state, l.urgency, l.service_type, l.customer_name, l.suburb
      from lead_purchases p join leads l on l.id = p.lead_id
      where p.id = any(${intArray(locked.map((r) => r.id))}::int[]) and ${LIVE_MARKET_PURCHASE} and ${NOTHING_LOGGED}
        and not exists (select 1 from outbox_messages o where o.event = ${reminderEvent})`),
  );
  return still.map(toCandidate);
}

export interface ReminderChannels {
  userId: number;
  /** From alert_preferences; the defaults (push on, e-mail off) when the user saved none. */
  pushEnabled: boolean;
  emailEnabled: boolean;
  email: string | null;
  /** The mobile on their account: the reminder's last way through when nothing else is on. */
  phone: string | null;
  devices: number;
}

/** What each user takes reminders by: their alert preferences, e-mail address and push devices. */
export async function reminderChannels(tx: Db, userIds: number[], defaults: { pushEnabled: boolean; emailEnabled: boolean }): Promise<ReminderChannels[]> {
  const found = rows<{
    id: number;
    push_enabled: boolean | null;
    email_enabled: boolean | null;
    email: string | null;
    phone: string | null;
    devices: number | string;
  }>(
    await tx.execute(sql`
      select u.id, ap.push_enabled, ap.email_enabled, u.email, u.phone, (select count(*) from push_devices d where d.user_id = u.id) as devices
      from users u left join alert_preferences ap on ap.user_id = u.id
      where u.id = any(${intArray(userIds)}::int[])`),
  );
  return found.map((r) => ({
    userId: r.id,
    pushEnabled: r.push_enabled ?? defaults.pushEnabled,
    emailEnabled: r.email_enabled ?? defaults.emailEnabled,
    email: r.email,
    phone: r.phone,
    devices: Number(r.devices),
  }));
}

export interface PurchaseNow {
  live: boolean;
  nothingLogged: boolean;
  /** For the booking's messages (docs/decisions/049): still booked, and for when. */
  salesStage: string;
  jobStartsAt: Date | null;
}

/** At send time: whether each purchase is still live and still has nothing logged. A purchase gone altogether is absent. */
export async function purchasesNow(db: Db, purchaseIds: number[]): Promise<Map<number, PurchaseNow>> {
  const found = rows<{ id: number; live: boolean; nothing_logged: boolean; sales_stage: string; job_starts_at: string | Date | null }>(
    await db.execute(sql`
      select p.id, (${LIVE_MARKET_PURCHASE}) as live, (${NOTHING_LOGGED}) as nothing_logged, p.sales_stage, p.job_starts_at
      from lead_purchases p join leads l on l.id = p.lead_id
      where p.id = any(${intArray(purchaseIds)}::int[])`),
  );
  return new Map(
    found.map((r) => [
      r.id,
      { live: r.live, nothingLogged: r.nothing_logged, salesStage: r.sales_stage, jobStartsAt: r.job_starts_at === null ? null : new Date(r.job_starts_at) },
    ]),
  );
}
