// Sending claimed deliveries (issue 14; docs/decisions/029). At send time, not at match time:
// the lead must still be on sale (sold before send: nothing), the channel still on, quiet
// hours (Sydney; urgent may break through) push the alert to their end, and past the hourly
// cap it is held for the digest. Push 404/410 deletes the device; 5xx, 429 and network
// errors retry with exponential backoff.
import { eq, inArray } from "drizzle-orm";
import type { AlertPreferences } from "../../shared/alerts";
import { alertPreferences, leads, pushDevices, users, type AlertDelivery, type Lead, type PushDevice } from "../../shared/schema";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { alertEmail, leadAlert, pushPayload } from "./message";
import { leadsAlertedByUser, markSent, settleDelivery } from "./queue";
import { inQuietHours, quietHoursEnd } from "./quiet-hours";
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
}

export const isOnSale = (lead: Lead | undefined): lead is Lead => !!lead && lead.status === "available" && !lead.isArchived;

export const unsubscribeLinks = (origin: string, secret: string, userId: number) => {
  const token = encodeURIComponent(unsubscribeToken(secret, userId));
  return { api: `${origin}/api/alerts/unsubscribe?token=${token}`, page: `${origin}/alerts/unsubscribe?token=${token}` };
};

export function unsubscribeHeaders(apiUrl: string) {
  return { "List-Unsubscribe": `<${apiUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Sends one claimed batch: users in parallel, each user's deliveries in order (the cap counts them one by one). */
export async function sendClaimed(deps: SenderDeps, claimed: AlertDelivery[], now: Date, parallel = 64): Promise<void> {
  if (claimed.length === 0) return;
  const { db } = deps;
  const leadIds = [...new Set(claimed.map((d) => d.leadId))];
  const userIds = [...new Set(claimed.map((d) => d.userId))];
  const deviceIds = [...new Set(claimed.map((d) => d.deviceId).filter((id): id is string => id !== null))];
  const [leadRows, prefRows, userRows, deviceRows] = await Promise.all([
    db.select().from(leads).where(inArray(leads.id, leadIds)),
    db.select().from(alertPreferences).where(inArray(alertPreferences.userId, userIds)),
    db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)),
    deviceIds.length ? db.select().from(pushDevices).where(inArray(pushDevices.id, deviceIds)) : Promise.resolve([]),
  ]);
  const context: BatchContext = {
    leads: new Map(leadRows.map((l) => [l.id, l])),
    prefs: new Map(userIds.map((id) => [id, toPreferences(prefRows.find((p) => p.userId === id))])),
    emails: new Map(userRows.map((u) => [u.id, u.email])),
    devices: new Map(deviceRows.map((d) => [d.id, d])),
    keys: await deps.vapid(),
    alerted: await leadsAlertedByUser(db, userIds, new Date(now.getTime() - 3600_000)),
    sent: [],
  };
  const byUser = new Map<number, AlertDelivery[]>();
  for (const d of claimed) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d]);
  const queue = [...byUser.values()];
  const workers = Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      for (const delivery of next) {
        try {
          await sendOne(deps, context, delivery, now);
        } catch (err) {
          // Left claimed: the lease runs out and a sender tries again.
          deps.logger.error({ err, delivery: delivery.id }, "alerts: a delivery failed unexpectedly");
        }
      }
    }
  });
  await Promise.all(workers);
  await markSent(db, context.sent, now);
}

interface BatchContext {
  leads: Map<number, Lead>;
  prefs: Map<number, AlertPreferences>;
  emails: Map<number, string | null>;
  devices: Map<string, PushDevice>;
  keys: VapidKeys | null;
  /** Per user, the leads alerted in the last hour; kept up to date as this batch sends (each user's deliveries go in order). */
  alerted: Map<number, Set<number>>;
  /** Sent in this batch, marked in one statement at its end (a crash before that is the tag-collapsed repeat of docs/decisions/029). */
  sent: AlertDelivery[];
}

async function sendOne(deps: SenderDeps, ctx: BatchContext, delivery: AlertDelivery, now: Date) {
  const { db } = deps;
  const lead = ctx.leads.get(delivery.leadId);
  const prefs = ctx.prefs.get(delivery.userId)!;
  if (!isOnSale(lead)) return settleDelivery(db, delivery, { status: "dropped", error: "no longer on sale" }, now);
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
    const result = await sendPush(device, pushPayload(alert), ctx.keys!, `lead-${lead.id}`, delivery.urgent);
    if (result.ok) return sent(ctx, delivery);
    if (result.gone) {
      // The browser unsubscribed or the subscription expired: the device is gone, and with it its deliveries.
      await db.delete(pushDevices).where(eq(pushDevices.id, device.id));
      deps.logger.info({ device: device.id }, "alerts: push subscription gone (404/410); device removed");
      return;
    }
    return retryOrFail(deps, delivery, result.retry, result.error, now);
  }

  const links = unsubscribeLinks(deps.origin, deps.sessionSecret, delivery.userId);
  const parts = alertEmail([alert], deps.origin, links.page, false);
  const result = await sendMail(deps.mailer, { to: ctx.emails.get(delivery.userId)!, ...parts, headers: unsubscribeHeaders(links.api) });
  if (result.ok) return sent(ctx, delivery);
  return retryOrFail(deps, delivery, true, result.error, now);
}

function sent(ctx: BatchContext, delivery: AlertDelivery) {
  ctx.alerted.get(delivery.userId)!.add(delivery.leadId);
  ctx.sent.push(delivery);
}

function retryOrFail(deps: SenderDeps, delivery: AlertDelivery, retry: boolean, error: string, now: Date) {
  if (!retry || delivery.attempts >= MAX_ATTEMPTS) {
    deps.logger.warn({ delivery: delivery.id, error, attempts: delivery.attempts }, "alerts: delivery failed for good");
    return settleDelivery(deps.db, delivery, { status: "failed", error }, now);
  }
  return settleDelivery(deps.db, delivery, { status: "pending", dueAt: new Date(now.getTime() + retryDelayMs(delivery.attempts)), error }, now);
}
