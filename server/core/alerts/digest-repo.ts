// The held deliveries and the digest rows of the hourly digest (digest.ts says when one goes).
import { and, eq, sql } from "drizzle-orm";
import { alertDigests, pushDevices, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { HOUR_MS } from "../../../shared/durations";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface HeldGroup {
  user_id: number;
  channel: "push" | "email";
  device_id: string | null;
  first_held: string | Date;
}

/** Per target, the unclaimed held deliveries whose first one was held at or before `heldBy`. */
export async function heldGroups(db: Db, now: Date, heldBy: Date): Promise<HeldGroup[]> {
  const at = now.toISOString();
  return rows<HeldGroup>(
    await db.execute(sql`
      select user_id, channel, device_id, min(due_at) as first_held from alert_deliveries
      where status = 'held' and (lease_until is null or lease_until < ${at}::timestamptz)
      group by user_id, channel, device_id
      having min(due_at) <= ${heldBy.toISOString()}::timestamptz
      limit 100`),
  );
}

/** The target's held deliveries are not owed any more. */
export async function dropHeld(db: Db, group: HeldGroup, error: string) {
  await db.execute(sql`update alert_deliveries set status = 'dropped', last_error = ${error}
      where status = 'held' and user_id = ${group.user_id} and channel = ${group.channel} and device_id is not distinct from ${group.device_id}::uuid`);
}

/**
 * Under a per-target advisory lock: no digest to this target in the last hour, then the held
 * deliveries are leased and a digest row reserved. Null when another instance holds the lock,
 * a digest went within the hour, or nothing is held.
 */
export function claimDigest(db: Db, group: HeldGroup, target: string, now: Date, leaseMs: number) {
  return db.transaction(async (tx) => {
    const locked = rows<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`alert-digest:${group.user_id}:${target}`})) as ok`),
    )[0]!.ok;
    if (!locked) return null;
    const [recent] = rows<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from alert_digests where user_id = ${group.user_id} and target = ${target}
        and sent_at > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz`),
    );
    if (recent!.n > 0) return null;
    const held = rows<{ id: number; lead_id: number; listing: number }>(
      await tx.execute(sql`
        update alert_deliveries set lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
        where status = 'held' and user_id = ${group.user_id} and channel = ${group.channel}
          and device_id is not distinct from ${group.device_id}::uuid
          and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz)
        returning id, lead_id, listing`),
    );
    if (held.length === 0) return null;
    const [digest] = await tx
      .insert(alertDigests)
      .values({ userId: group.user_id, target, sentAt: now, leadIds: held.map((h) => h.lead_id) })
      .returning({ id: alertDigests.id });
    return { digestId: digest!.id, held };
  });
}

/** Settles claimed held deliveries: digested (sent now) or dropped; the lease ends. */
export function settleHeld(db: Db, status: "digested" | "dropped", ids: number[], now: Date) {
  return ids.length
    ? db.execute(
        sql`update alert_deliveries set status = ${status}, lease_until = null, sent_at = ${status === "digested" ? now.toISOString() : null}::timestamptz where id in ${sql.raw(`(${ids.join(",")})`)}`,
      )
    : undefined;
}

/** Gives a claim back: the digest row goes and the deliveries' lease ends, for the next pass. */
export async function releaseDigest(db: Db, digestId: number, ids: number[]) {
  await db.delete(alertDigests).where(eq(alertDigests.id, digestId));
  if (ids.length) await db.execute(sql`update alert_deliveries set lease_until = null where id in ${sql.raw(`(${ids.join(",")})`)}`);
}

export async function setDigestLeads(db: Db, digestId: number, leadIds: number[]) {
  await db.update(alertDigests).set({ leadIds }).where(eq(alertDigests.id, digestId));
}

export async function deviceOf(db: Db, userId: number, deviceId: string) {
  const [device] = await db
    .select()
    .from(pushDevices)
    .where(and(eq(pushDevices.id, deviceId), eq(pushDevices.userId, userId)));
  return device;
}

export async function emailOf(db: Db, userId: number): Promise<string | null | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email;
}
