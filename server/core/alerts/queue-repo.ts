// The alert queue in PostgreSQL (docs/decisions/029): an outbox row written with each listing of
// the lead, claimed by one matcher with FOR UPDATE SKIP LOCKED, which writes one delivery per
// (lead, listing, device) and per (lead, listing, user) for e-mail (unique: at most once per
// listing; a lead relisted after a missed promise is a new listing, docs/decisions/049); senders
// claim due deliveries with SKIP LOCKED and a lease, so however many instances run, one sends each.
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { isUrgent } from "../../../shared/alerts";
import { alertOutbox, leads, type AlertDelivery, type Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { recipientsForLeads, type Recipient } from "./matching-repo";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Inside the transaction that puts the lead on sale: its creation (listing 1), or its relisting
 * after a missed promise (the new `leads.listing`). Matched if and only if that commits.
 */
export async function enqueueLeadAlerts(tx: Db, leadId: number, now: Date, listing = 1) {
  await tx.insert(alertOutbox).values({ leadId, listing, createdAt: now });
}

/** A new lead's outbox row (listing 1), as a part of the statement that inserts it, read from `newLead` (server/features/leads/repo.ts), created with the lead. */
export const leadAlertsOf = (newLead: SQL) => sql`insert into ${alertOutbox} (lead_id, listing, created_at) select id, 1, created_at from ${newLead}`;

/**
 * Claims up to `limit` outbox rows with their leads, matches each and writes its deliveries, in
 * one transaction. Returns how many leads were claimed: fewer than `limit` means none is left.
 */
export async function matchPendingLeads(db: Db, now: Date, limit = 20): Promise<number> {
  return db.transaction(async (tx) => {
    // The outbox row is locked, not the lead: a sale of the lead at the same moment does not wait.
    const claimed = await tx
      .select({ lead: leads, listing: alertOutbox.listing })
      .from(alertOutbox)
      .innerJoin(leads, eq(leads.id, alertOutbox.leadId))
      .where(isNull(alertOutbox.doneAt))
      .orderBy(alertOutbox.createdAt)
      .limit(limit)
      .for("update", { of: alertOutbox, skipLocked: true });
    if (claimed.length === 0) return 0;
    // An earlier listing's row found late (the lead was sold and relisted meanwhile) alerts nobody: the newer row does.
    const onSale = claimed.filter(({ lead, listing }) => lead.status === "available" && !lead.isArchived && lead.listing === listing).map(({ lead }) => lead);
    const recipients = await recipientsForLeads(tx, onSale);
    for (const lead of onSale) await writeDeliveries(tx, lead, recipients.get(lead.id) ?? [], now);
    await tx
      .update(alertOutbox)
      .set({ doneAt: now })
      .where(or(...claimed.map(({ lead, listing }) => and(eq(alertOutbox.leadId, lead.id), eq(alertOutbox.listing, listing)))));
    return claimed.length;
  });
}

async function writeDeliveries(tx: Db, lead: Lead, recipients: readonly Recipient[], now: Date) {
  if (recipients.length === 0) return;
  const urgent = isUrgent(lead.urgency);
  const at = now.toISOString();
  const push = recipients.filter((r) => r.push);
  if (push.length) {
    await tx.execute(sql`
      insert into alert_deliveries (lead_id, listing, user_id, channel, device_id, urgent, distance_km, due_at, created_at)
      select ${lead.id}, ${lead.listing}, d.user_id, 'push', d.id, ${urgent}, m.km, ${at}::timestamptz, ${at}::timestamptz
      from unnest(${`{${push.map((r) => r.userId).join(",")}}`}::int[], ${`{${push.map((r) => r.distanceKm).join(",")}}`}::numeric[]) as m(user_id, km)
      join push_devices d on d.user_id = m.user_id
      on conflict do nothing`);
  }
  const email = recipients.filter((r) => r.emailEnabled && r.email);
  if (email.length) {
    await tx.execute(sql`
      insert into alert_deliveries (lead_id, listing, user_id, channel, urgent, distance_km, due_at, created_at)
      select ${lead.id}, ${lead.listing}, m.user_id, 'email', ${urgent}, m.km, ${at}::timestamptz, ${at}::timestamptz
      from unnest(${`{${email.map((r) => r.userId).join(",")}}`}::int[], ${`{${email.map((r) => r.distanceKm).join(",")}}`}::numeric[]) as m(user_id, km)
      on conflict do nothing`);
  }
}

/** How long a sender may hold a claimed delivery before another may take it (a crashed instance). */
export const LEASE_MS = 60_000;

/** Claims due pending deliveries: their lease is set and their attempt counted. `leaseMs` is shorter in tests. */
export async function claimDueDeliveries(db: Db, now: Date, limit: number, leaseMs = LEASE_MS): Promise<AlertDelivery[]> {
  const at = now.toISOString();
  const claimed = rows<Record<string, unknown>>(
    await db.execute(sql`
      update alert_deliveries set lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz, attempts = attempts + 1
      where id in (
        select id from alert_deliveries
        where status = 'pending' and due_at <= ${at}::timestamptz and (lease_until is null or lease_until < ${at}::timestamptz)
        order by due_at, id limit ${limit}
        for update skip locked)
      returning id, lead_id, listing, user_id, channel, device_id, urgent, distance_km, attempts, due_at, lease_until`),
  );
  return claimed.map((r) => ({
    id: Number(r.id),
    leadId: r.lead_id as number,
    listing: r.listing as number,
    userId: r.user_id as number,
    channel: r.channel as "push" | "email",
    deviceId: (r.device_id as string | null) ?? null,
    status: "pending",
    urgent: r.urgent as boolean,
    distanceKm: r.distance_km === null ? null : String(r.distance_km),
    attempts: r.attempts as number,
    dueAt: new Date(r.due_at as string),
    leaseUntil: new Date(r.lease_until as string),
    sentAt: null,
    lastError: null,
    createdAt: new Date(0),
  }));
}

type Outcome =
  { status: "sent" | "dropped" | "held" | "failed"; error?: string } | { status: "pending"; dueAt: Date; error?: string; attemptNotCounted?: boolean };

/** Settles a claimed delivery; only while this claim's lease is the row's (a slow sender never overwrites a newer claim). */
export async function settleDelivery(db: Db, delivery: AlertDelivery, outcome: Outcome, now: Date) {
  const at = now.toISOString();
  const lease = delivery.leaseUntil!.toISOString();
  if (outcome.status === "pending") {
    await db.execute(sql`
      update alert_deliveries set lease_until = null, due_at = ${outcome.dueAt.toISOString()}::timestamptz, last_error = ${outcome.error ?? null},
        attempts = attempts - ${outcome.attemptNotCounted ? 1 : 0}
      where id = ${delivery.id} and lease_until = ${lease}::timestamptz`);
    return;
  }
  await db.execute(sql`
    update alert_deliveries set status = ${outcome.status}, lease_until = null, last_error = ${outcome.error ?? null},
      sent_at = ${outcome.status === "sent" ? at : null}::timestamptz, due_at = ${outcome.status === "held" ? at : delivery.dueAt.toISOString()}::timestamptz
    where id = ${delivery.id} and lease_until = ${lease}::timestamptz`);
}

/** Per user, the distinct leads alerted (any channel) since `since`: the hourly cap counts these. */
export async function leadsAlertedByUser(db: Db, userIds: number[], since: Date): Promise<Map<number, Set<number>>> {
  const found = rows<{ user_id: number; lead_id: number }>(
    await db.execute(sql`select distinct user_id, lead_id from alert_deliveries
      where user_id = any(${`{${userIds.join(",")}}`}::int[]) and status = 'sent' and sent_at > ${since.toISOString()}::timestamptz`),
  );
  const byUser = new Map<number, Set<number>>();
  for (const r of found) byUser.set(r.user_id, (byUser.get(r.user_id) ?? new Set()).add(r.lead_id));
  return byUser;
}
