// The hourly digest (docs/decisions/029 "at most N alerts an hour, beyond that one digest";
// docs/decisions/029). Alerts past the cap are held; per target (a device, or the user's
// e-mail) one digest lists the held leads still on sale. It goes out DIGEST_GATHER_MS after
// the first held alert (so a burst is gathered into one message), never within an hour of
// the target's previous digest, and not in quiet hours. The digest row is reserved in the
// claiming transaction, under a per-target advisory lock, so two instances never send two.
import { and, eq, inArray, sql } from "drizzle-orm";
import { alertDigests, alertPreferences, leads, pushDevices, users, type Lead } from "../../shared/schema";
import { alertEmail, digestPayload, leadAlert } from "./message";
import { LEASE_MS } from "./queue";
import { inQuietHours } from "./quiet-hours";
import { isOnSale, unsubscribeHeaders, unsubscribeLinks, type SenderDeps } from "./sender";
import { toPreferences } from "./settings-repo";
import { sendMail, sendPush } from "./transports";

export const DIGEST_GATHER_MS = 15 * 60_000;
const HOUR_MS = 3600_000;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface HeldGroup {
  user_id: number;
  channel: "push" | "email";
  device_id: string | null;
  first_held: string | Date;
}

export async function sendDueDigests(deps: SenderDeps, now: Date): Promise<number> {
  const at = now.toISOString();
  const groups = rows<HeldGroup>(
    await deps.db.execute(sql`
      select user_id, channel, device_id, min(due_at) as first_held from alert_deliveries
      where status = 'held' and (lease_until is null or lease_until < ${at}::timestamptz)
      group by user_id, channel, device_id
      having min(due_at) <= ${new Date(now.getTime() - DIGEST_GATHER_MS).toISOString()}::timestamptz
      limit 100`),
  );
  let sent = 0;
  for (const group of groups) if (await sendDigest(deps, group, now)) sent++;
  return sent;
}

async function sendDigest(deps: SenderDeps, group: HeldGroup, now: Date): Promise<boolean> {
  const { db } = deps;
  const target = group.device_id ?? "email";
  const [prefRow] = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, group.user_id));
  const prefs = toPreferences(prefRow);
  if (prefs.quietHours && inQuietHours(prefs.quietHours, now)) return false;
  if (!(group.channel === "push" ? prefs.pushEnabled : prefs.emailEnabled)) {
    // The channel was turned off while these waited: they are not owed any more.
    await db.execute(sql`update alert_deliveries set status = 'dropped', last_error = ${`${group.channel} alerts are off`}
      where status = 'held' and user_id = ${group.user_id} and channel = ${group.channel} and device_id is not distinct from ${group.device_id}::uuid`);
    return false;
  }

  const claim = await db.transaction(async (tx) => {
    const locked = rows<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`alert-digest:${group.user_id}:${target}`})) as ok`),
    )[0]!.ok;
    if (!locked) return null;
    const [recent] = rows<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from alert_digests where user_id = ${group.user_id} and target = ${target}
        and sent_at > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz`),
    );
    if (recent!.n > 0) return null;
    const held = rows<{ id: number; lead_id: number }>(
      await tx.execute(sql`
        update alert_deliveries set lease_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
        where status = 'held' and user_id = ${group.user_id} and channel = ${group.channel}
          and device_id is not distinct from ${group.device_id}::uuid
          and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz)
        returning id, lead_id`),
    );
    if (held.length === 0) return null;
    const [digest] = await tx
      .insert(alertDigests)
      .values({ userId: group.user_id, target, sentAt: now, leadIds: held.map((h) => h.lead_id) })
      .returning({ id: alertDigests.id });
    return { digestId: digest!.id, held };
  });
  if (!claim) return false;

  const ids = claim.held.map((h) => Number(h.id));
  const leadRows = await db
    .select()
    .from(leads)
    .where(
      inArray(
        leads.id,
        claim.held.map((h) => h.lead_id),
      ),
    );
  const onSale = leadRows.filter(isOnSale).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const settle = (status: "digested" | "dropped", which: number[]) =>
    which.length
      ? db.execute(
          sql`update alert_deliveries set status = ${status}, lease_until = null, sent_at = ${status === "digested" ? now.toISOString() : null}::timestamptz where id in ${sql.raw(`(${which.join(",")})`)}`,
        )
      : undefined;
  const onSaleIds = new Set(onSale.map((l) => l.id));
  const stale = claim.held.filter((h) => !onSaleIds.has(h.lead_id)).map((h) => Number(h.id));
  await settle("dropped", stale);
  const live = ids.filter((id) => !stale.includes(id));
  const release = async () => {
    await db.delete(alertDigests).where(eq(alertDigests.id, claim.digestId));
    if (live.length) await db.execute(sql`update alert_deliveries set lease_until = null where id in ${sql.raw(`(${live.join(",")})`)}`);
  };
  if (onSale.length === 0) {
    await release();
    return false;
  }

  const ok = await deliver(deps, group, onSale, now);
  if (ok === "gone") return false;
  if (!ok) {
    await release(); // tried again on the next pass
    return false;
  }
  await db
    .update(alertDigests)
    .set({ leadIds: onSale.map((l) => l.id) })
    .where(eq(alertDigests.id, claim.digestId));
  await settle("digested", live);
  return true;
}

async function deliver(deps: SenderDeps, group: HeldGroup, onSale: Lead[], now: Date): Promise<boolean | "gone"> {
  const { db } = deps;
  if (group.channel === "push") {
    const keys = await deps.vapid();
    const [device] = await db
      .select()
      .from(pushDevices)
      .where(and(eq(pushDevices.id, group.device_id!), eq(pushDevices.userId, group.user_id)));
    if (!keys || !device) return false;
    const result = await sendPush(device, digestPayload(onSale), keys, "digest", false, deps.production);
    if (!result.ok && result.gone) {
      await db.delete(pushDevices).where(eq(pushDevices.id, device.id));
      return "gone";
    }
    return result.ok;
  }
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, group.user_id));
  if (!user?.email) return false;
  const links = unsubscribeLinks(deps.origin, deps.sessionSecret, group.user_id);
  const parts = alertEmail(
    onSale.map((l) => leadAlert(l, null, now)),
    deps.origin,
    links.page,
    true,
  );
  const result = await sendMail(deps.mailer, { to: user.email, ...parts, headers: unsubscribeHeaders(links.api) });
  return result.ok;
}
