// The hourly digest (docs/decisions/029 "at most N alerts an hour, beyond that one digest";
// docs/decisions/029). Alerts past the cap are held; per target (a device, or the user's
// e-mail) one digest lists the held leads still on sale. It goes out DIGEST_GATHER_MS after
// the first held alert (so a burst is gathered into one message), never within an hour of
// the target's previous digest, and not in quiet hours. The digest row is reserved in the
// claiming transaction, under a per-target advisory lock, so two instances never send two.
import type { Lead } from "../../../shared/schema";
import { claimDigest, deviceOf, dropHeld, emailOf, heldGroups, releaseDigest, setDigestLeads, settleHeld, type HeldGroup } from "./digest-repo";
import { alertEmail, digestPayload, leadAlert } from "./message";
import { LEASE_MS } from "./queue-repo";
import { inQuietHours } from "./quiet-hours";
import { leadsByIds, removeGoneDevice } from "./send-repo";
import { isOnSale, unsubscribeHeaders, unsubscribeLinks, type SenderDeps } from "./sender";
import { preferencesOf } from "./settings-repo";
import { sendMail, sendPush } from "./transports";

export const DIGEST_GATHER_MS = 15 * 60_000;

export async function sendDueDigests(deps: SenderDeps, now: Date): Promise<number> {
  const groups = await heldGroups(deps.db, now, new Date(now.getTime() - DIGEST_GATHER_MS));
  let sent = 0;
  for (const group of groups) if (await sendDigest(deps, group, now)) sent++;
  return sent;
}

async function sendDigest(deps: SenderDeps, group: HeldGroup, now: Date): Promise<boolean> {
  const { db } = deps;
  const target = group.device_id ?? "email";
  const prefs = await preferencesOf(db, group.user_id);
  if (prefs.quietHours && inQuietHours(prefs.quietHours, now)) return false;
  if (!(group.channel === "push" ? prefs.pushEnabled : prefs.emailEnabled)) {
    // The channel was turned off while these waited: they are not owed any more.
    await dropHeld(db, group, `${group.channel} alerts are off`);
    return false;
  }

  const claim = await claimDigest(db, group, target, now, LEASE_MS);
  if (!claim) return false;

  const ids = claim.held.map((h) => Number(h.id));
  const leadRows = await leadsByIds(
    db,
    claim.held.map((h) => h.lead_id),
  );
  const listingOf = new Map(leadRows.filter(isOnSale).map((l) => [l.id, l.listing]));
  // Held on an earlier listing of a lead sold and relisted since (docs/decisions/049): stale as a sold one.
  const current = claim.held.filter((h) => listingOf.get(h.lead_id) === Number(h.listing));
  const currentLeads = new Set(current.map((h) => h.lead_id));
  const onSale = leadRows.filter((l) => currentLeads.has(l.id)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const settle = (status: "digested" | "dropped", which: number[]) => settleHeld(db, status, which, now);
  const stale = claim.held.filter((h) => !current.includes(h)).map((h) => Number(h.id));
  await settle("dropped", stale);
  const live = ids.filter((id) => !stale.includes(id));
  const release = () => releaseDigest(db, claim.digestId, live);
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
  await setDigestLeads(
    db,
    claim.digestId,
    onSale.map((l) => l.id),
  );
  await settle("digested", live);
  return true;
}

async function deliver(deps: SenderDeps, group: HeldGroup, onSale: Lead[], now: Date): Promise<boolean | "gone"> {
  const { db } = deps;
  if (group.channel === "push") {
    const keys = await deps.vapid();
    const device = await deviceOf(db, group.user_id, group.device_id!);
    if (!keys || !device) return false;
    const result = await sendPush(device, digestPayload(onSale), keys, "digest", false, deps.production);
    if (!result.ok && result.gone) {
      await removeGoneDevice(db, device.id);
      return "gone";
    }
    return result.ok;
  }
  const email = await emailOf(db, group.user_id);
  if (!email) return false;
  const links = unsubscribeLinks(deps.origin, deps.sessionSecret, group.user_id);
  const parts = alertEmail(
    onSale.map((l) => leadAlert(l, null, now)),
    deps.origin,
    links.page,
    true,
  );
  const result = await sendMail(deps.mailer, { to: email, ...parts, headers: unsubscribeHeaders(links.api) });
  return result.ok;
}
