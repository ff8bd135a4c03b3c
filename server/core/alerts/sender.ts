// Sending claimed deliveries (docs/decisions/029). At send time, not at match time:
// the lead must still be on sale (sold before send: nothing), the channel still on, quiet
// hours (Sydney; urgent may break through) push the alert to their end, and past the hourly
// cap it is held for the digest. Push 404/410 deletes the device; 5xx, 429 and network
// errors retry with exponential backoff.
import type { AlertPreferences } from "../../../shared/alerts";
import type { AlertDelivery, Lead, PushDevice } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import type { Mailer } from "../../platform/mail";
import { alertEmail, leadAlert, pushPayload } from "./message";
import { LEASE_MS, leadsAlertedByUser, settleDelivery } from "./queue-repo";
import { inQuietHours, quietHoursEnd } from "./quiet-hours";
import { devicesByIds, emailsOf, leadsByIds, preferenceRowsOf, removeGoneDevice } from "./send-repo";
import { toPreferences } from "./settings-repo";
import { sendMail, sendPush } from "./transports";
import { unsubscribeToken } from "./unsubscribe-token";
import type { VapidKeys } from "./vapid";

export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 15 * 60_000;
/** 5 s, 10 s, 20 s ... at most 15 min, with jitter so a recovering push service is not hit in step. */
export const retryDelayMs = (attempts: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1)) * (0.8 + Math.random() * 0.4);

export interface SenderDeps {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  vapid: () => Promise<VapidKeys | null>;
  /** The public origin for links in e-mails. */
  origin: string;
  sessionSecret: string;
  /** Production posts only to the real push services (endpoints.ts). */
  production: boolean;
}

export const isOnSale = (lead: Lead | undefined): lead is Lead => !!lead && lead.status === "available" && !lead.isArchived;

export const unsubscribeLinks = (origin: string, secret: string, userId: number) => {
  const token = encodeURIComponent(unsubscribeToken(secret, userId));
  return { api: `${origin}/api/alerts/unsubscribe?token=${token}`, page: `${origin}/alerts/unsubscribe?token=${token}` };
};

export function unsubscribeHeaders(apiUrl: string) {
  return { "List-Unsubscribe": `<${apiUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * A sender starts no send later than this before its claim's lease runs out: longer than the
 * slowest send can take (push times out at 10 s, e-mail's SMTP timeouts are 10-20 s), so no
 * send is still running when the lease lapses and another instance may claim the row.
 * Half the lease when the lease is shorter (tests).
 */
export const SEND_MARGIN_MS = 30_000;

export interface SendOptions {
  /** The lease the claim set (queue.ts LEASE_MS; shorter in tests). */
  leaseMs?: number;
  /** Date.now() just before the claim: the lease is measured in real time, whatever `now` says. */
  claimedAt?: number;
  /** How many users are sent to at once. */
  parallel?: number;
  /** True once the instance stops its workers (its drain, past the delay): what is not yet started is given back at once (docs/decisions/098-restarts-without-a-dropped-request.md). */
  stopping?: () => boolean;
}

/**
 * Sends one claimed batch: users in parallel; each user's leads in order (the cap counts them
 * one by one) and one lead's devices at once. Each delivery is marked sent as soon as its send
 * succeeds (guarded by its lease), and what is left when the lease nears its end is given back
 * unsent for the next pass, so a slow batch never lets another instance send the same alert.
 */
export async function sendClaimed(deps: SenderDeps, claimed: AlertDelivery[], now: Date, options: SendOptions = {}): Promise<void> {
  if (claimed.length === 0) return;
  const { leaseMs = LEASE_MS, claimedAt = Date.now(), parallel = 64 } = options;
  const stopStartingAt = claimedAt + leaseMs - Math.min(SEND_MARGIN_MS, leaseMs / 2);
  const { db } = deps;
  const leadIds = [...new Set(claimed.map((d) => d.leadId))];
  const userIds = [...new Set(claimed.map((d) => d.userId))];
  const deviceIds = [...new Set(claimed.map((d) => d.deviceId).filter((id): id is string => id !== null))];
  const [leadRows, prefRows, userRows, deviceRows] = await Promise.all([
    leadsByIds(db, leadIds),
    preferenceRowsOf(db, userIds),
    emailsOf(db, userIds),
    deviceIds.length ? devicesByIds(db, deviceIds) : Promise.resolve([]),
  ]);
  const context: BatchContext = {
    leads: new Map(leadRows.map((l) => [l.id, l])),
    prefs: new Map(userIds.map((id) => [id, toPreferences(prefRows.find((p) => p.userId === id))])),
    emails: new Map(userRows.map((u) => [u.id, u.email])),
    devices: new Map(deviceRows.map((d) => [d.id, d])),
    keys: await deps.vapid(),
    alerted: await leadsAlertedByUser(db, userIds, new Date(now.getTime() - 3600_000)),
  };
  // Per user, per lead (in claim order): the lead's deliveries to each device and by e-mail.
  const byUser = new Map<number, Map<number, AlertDelivery[]>>();
  for (const d of claimed) {
    const perLead = byUser.get(d.userId) ?? new Map<number, AlertDelivery[]>();
    byUser.set(d.userId, perLead.set(d.leadId, [...(perLead.get(d.leadId) ?? []), d]));
  }
  const queue = [...byUser.values()].map((perLead) => [...perLead.values()]);
  const sendSafely = async (delivery: AlertDelivery) => {
    try {
      await sendOne(deps, context, delivery, now);
    } catch (err) {
      // Left claimed: the lease runs out and a sender tries again.
      deps.logger.error({ err, delivery: delivery.id }, "alerts: a delivery failed unexpectedly");
    }
  };
  const giveBack = (delivery: AlertDelivery) =>
    settleDelivery(db, delivery, { status: "pending", dueAt: delivery.dueAt, attemptNotCounted: true }, now).catch((err: unknown) =>
      deps.logger.error({ err, delivery: delivery.id }, "alerts: a delivery could not be given back; its lease will run out"),
    );
  const workers = Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      for (const sameLead of next) {
        // The same lead's deliveries decide the cap together before any await (sendOne), so they may go at once.
        if (Date.now() < stopStartingAt && !options.stopping?.()) await Promise.all(sameLead.map(sendSafely));
        else await Promise.all(sameLead.map(giveBack));
      }
    }
  });
  await Promise.all(workers);
}

interface BatchContext {
  leads: Map<number, Lead>;
  prefs: Map<number, AlertPreferences>;
  emails: Map<number, string | null>;
  devices: Map<string, PushDevice>;
  keys: VapidKeys | null;
  /** Per user, the leads alerted in the last hour; kept up to date as this batch sends (each user's leads go in order). */
  alerted: Map<number, Set<number>>;
}

async function sendOne(deps: SenderDeps, ctx: BatchContext, delivery: AlertDelivery, now: Date) {
  const { db } = deps;
  const lead = ctx.leads.get(delivery.leadId);
  const prefs = ctx.prefs.get(delivery.userId)!;
  if (!isOnSale(lead)) return settleDelivery(db, delivery, { status: "dropped", error: "no longer on sale" }, now);
  // Held from an earlier listing (quiet hours) of a lead since sold and relisted: that listing is over.
  if (lead.listing !== delivery.listing) return settleDelivery(db, delivery, { status: "dropped", error: "an earlier listing" }, now);
  const channelOn = delivery.channel === "push" ? prefs.pushEnabled && ctx.keys !== null : prefs.emailEnabled && !!ctx.emails.get(delivery.userId);
  if (!channelOn) return settleDelivery(db, delivery, { status: "dropped", error: `${delivery.channel} alerts are off` }, now);

  if (prefs.quietHours && inQuietHours(prefs.quietHours, now) && !(delivery.urgent && prefs.urgentBreaksQuiet)) {
    return settleDelivery(db, delivery, { status: "pending", dueAt: quietHoursEnd(prefs.quietHours, now), attemptNotCounted: true }, now);
  }

  // The cap counts leads, not messages: the same lead to a second device or by e-mail is the same alert.
  const alerted = ctx.alerted.get(delivery.userId) ?? new Set<number>();
  ctx.alerted.set(delivery.userId, alerted);
  if (!alerted.has(delivery.leadId) && alerted.size >= prefs.maxPerHour) return settleDelivery(db, delivery, { status: "held" }, now);

  const alert = leadAlert(lead, delivery.distanceKm === null ? null : Number(delivery.distanceKm), now);
  if (delivery.channel === "push") {
    const device = ctx.devices.get(delivery.deviceId!);
    if (!device) return settleDelivery(db, delivery, { status: "dropped", error: "device removed" }, now);
    const result = await sendPush(device, pushPayload(alert), ctx.keys!, `lead-${lead.id}`, delivery.urgent, deps.production);
    if (result.ok) return sent(deps, ctx, delivery, now);
    if (result.gone) {
      await removeGoneDevice(db, device.id);
      deps.logger.info({ device: device.id }, "alerts: push subscription gone (404/410); device removed");
      return;
    }
    return retryOrFail(deps, delivery, result.retry, result.error, now);
  }

  const links = unsubscribeLinks(deps.origin, deps.sessionSecret, delivery.userId);
  const parts = alertEmail([alert], deps.origin, links.page, false);
  const result = await sendMail(deps.mailer, { to: ctx.emails.get(delivery.userId)!, ...parts, headers: unsubscribeHeaders(links.api) });
  if (result.ok) return sent(deps, ctx, delivery, now);
  return retryOrFail(deps, delivery, true, result.error, now);
}

/** Marked at once, while the claim's lease is still the row's: the window for a repeat is this one write. */
function sent(deps: SenderDeps, ctx: BatchContext, delivery: AlertDelivery, now: Date) {
  ctx.alerted.get(delivery.userId)!.add(delivery.leadId);
  return settleDelivery(deps.db, delivery, { status: "sent" }, now);
}

function retryOrFail(deps: SenderDeps, delivery: AlertDelivery, retry: boolean, error: string, now: Date) {
  if (!retry || delivery.attempts >= MAX_ATTEMPTS) {
    deps.logger.warn({ delivery: delivery.id, error, attempts: delivery.attempts }, "alerts: delivery failed for good");
    return settleDelivery(deps.db, delivery, { status: "failed", error }, now);
  }
  return settleDelivery(deps.db, delivery, { status: "pending", dueAt: new Date(now.getTime() + retryDelayMs(delivery.attempts)), error }, now);
}
