// Sending claimed outbox messages (docs/decisions/046-one-outbox.md), the rules of the alert
// sender (docs/decisions/029) on the one outbox: each row marked sent as soon as its transport
// took it, guarded by the claim's lease; failures retried after 5 s, 10 s, 20 s ... (at most
// 15 min, with jitter), up to 6 attempts, then failed; no send started in the last 30 s of the
// lease. A message about a sale is checked at send time: an unpurchased or refunded sale's
// handover, a reminder whose call was logged meanwhile, or a booking's message whose booking
// changed or began (docs/decisions/049), is dropped, not sent.
import { isBookedStage } from "../../../shared/customer-updates";
import type { OutboxMessage } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import type { Mailer } from "../../platform/mail";
import type { SmsSender } from "../../platform/sms";
import { LEASE_MS, settleMessages } from "./outbox-repo";
import { settleTogether } from "./settle-together";
import { formFileOf } from "./paperwork-repo";
import { purchasesNow, type PurchaseNow } from "./purchases-repo";

export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 15 * 60_000;
/** 5 s, 10 s, 20 s ... at most 15 min, with jitter so a recovering provider is not hit in step. */
export const retryDelayMs = (attempts: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1)) * (0.8 + Math.random() * 0.4);
/** A sender starts no send later than this before its lease runs out (half the lease when shorter). */
export const SEND_MARGIN_MS = 30_000;

/** What one push to every device of a user came to (server/core/alerts owns devices and the transport). */
export interface UserPushResult {
  devices: number;
  delivered: number;
  /** Some device failed in a way worth trying again (429, 5xx, network). */
  retry: boolean;
  error: string | null;
}
export type PushToUser = (userId: number, payload: object, topic: string, urgent: boolean) => Promise<UserPushResult>;

export interface SenderDeps {
  db: Db;
  logger: Logger;
  sms: SmsSender;
  mailer: Mailer;
  push: PushToUser;
}

type Transport = { ok: true; error?: string } | { ok: false; retry: boolean; error: string; drop?: boolean };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A provider's 4xx (a number Twilio refuses) will not change on a retry; 429 and anything else may. */
function smsRetryable(err: unknown) {
  const status = (err as { status?: unknown } | null)?.status;
  return !(typeof status === "number" && status >= 400 && status < 500 && status !== 429);
}

/** The files a message names, read as it is sent (the outbox holds references, not bytes); null when one is gone. */
async function attachmentsOf(db: Db, attachment: unknown): Promise<NonNullable<Parameters<Mailer["send"]>[0]["attachments"]> | null> {
  const documentId = (attachment as { paperworkFile?: unknown } | undefined)?.paperworkFile;
  if (typeof documentId !== "number") return [];
  const file = await formFileOf(db, documentId);
  return file ? [{ filename: file.fileName, content: Buffer.from(file.bytes), contentType: "application/pdf" }] : null;
}

async function transmit(deps: SenderDeps, message: OutboxMessage): Promise<Transport> {
  const p = message.payload;
  if (message.channel === "sms") {
    try {
      await deps.sms.send({ to: String(p.to), text: String(p.text) });
      return { ok: true };
    } catch (err) {
      return { ok: false, retry: smsRetryable(err), error: errorText(err) };
    }
  }
  if (message.channel === "email") {
    try {
      const attachments = await attachmentsOf(deps.db, p.attachment);
      if (attachments === null) return { ok: false, retry: false, drop: true, error: "the attached form is gone" };
      await deps.mailer.send({ to: String(p.to), subject: String(p.subject), text: String(p.text), ...(attachments.length > 0 && { attachments }) });
      return { ok: true };
    } catch (err) {
      return { ok: false, retry: true, error: errorText(err) };
    }
  }
  const userId = Number(/^user:(\d+)$/.exec(message.recipient)?.[1]);
  if (!userId) return { ok: false, retry: false, error: `not a user: ${message.recipient}` };
  const { tag, urgent, ...shown } = p;
  const result = await deps.push(userId, { ...shown, tag }, String(tag ?? message.event), urgent === true);
  // Reached at least one device: told. No device left (all gone): nothing to send to.
  if (result.delivered > 0) return { ok: true, error: result.error ?? undefined };
  if (result.devices === 0) return { ok: false, retry: false, drop: true, error: result.error ?? "no push device" };
  return { ok: false, retry: result.retry, error: result.error ?? "push failed" };
}

/** Why a message about a sale no longer goes, or null when it still does. */
function noLongerWanted(message: OutboxMessage, purchases: Map<number, PurchaseNow>, at: Date): string | null {
  const sale = purchaseOf(message.event);
  if (sale === null) return null;
  const now = purchases.get(sale.purchaseId);
  if (!now || !now.live) return "the sale was undone";
  if (sale.kind === "promise.reminder" && !now.nothingLogged) return "contact was logged";
  if (sale.startsAt !== undefined) return bookingGone(now, sale.startsAt, at);
  return null;
}

/** A booking's message (docs/decisions/049) says a start: it goes only while the job is booked for it and has not begun. */
function bookingGone(now: PurchaseNow, startsAt: string, at: Date): string | null {
  if (!isBookedStage(now.salesStage) || now.jobStartsAt?.toISOString() !== startsAt) return "the booking changed";
  return now.jobStartsAt.getTime() <= at.getTime() ? "the job has started" : null;
}

type SaleEvent = { kind: string; purchaseId: number; startsAt?: string };

function purchaseOf(event: string): SaleEvent | null {
  const match = /^(lead\.sold|promise\.reminder):(\d+)$/.exec(event);
  if (match) return { kind: match[1]!, purchaseId: Number(match[2]) };
  // job.booked:<id>:<start>[#<version>], job.evening:<id>:<start>, job.hour-before:<id>:<start>, job.on-my-way:<id>:<window>
  const job = /^job\.(booked|evening|hour-before|on-my-way):(\d+):([^#]+)/.exec(event);
  if (!job) return null;
  return { kind: job[1]!, purchaseId: Number(job[2]), ...(job[1] !== "on-my-way" && { startsAt: job[3] }) };
}

export interface SendOptions {
  leaseMs?: number;
  /** Date.now() just before the claim: the lease is measured in real time, whatever `now` says. */
  claimedAt?: number;
  parallel?: number;
  /** True once the instance stops its workers (its drain, past the delay): what is not yet started is given back at once (docs/decisions/098-restarts-without-a-dropped-request.md). */
  stopping?: () => boolean;
}

/** Sends one claimed batch, a few at a time; what is left when the lease nears its end, or when the instance stops, is given back unsent. */
export async function sendClaimedMessages(deps: SenderDeps, claimed: OutboxMessage[], now: Date, options: SendOptions = {}): Promise<void> {
  if (claimed.length === 0) return;
  const { leaseMs = LEASE_MS, claimedAt = Date.now(), parallel = 16 } = options;
  const stopStartingAt = claimedAt + leaseMs - Math.min(SEND_MARGIN_MS, leaseMs / 2);
  const purchaseIds = [...new Set(claimed.map((m) => purchaseOf(m.event)?.purchaseId).filter((id): id is number => id !== undefined))];
  const purchases = purchaseIds.length ? await purchasesNow(deps.db, purchaseIds) : new Map<number, PurchaseNow>();
  const queue = [...claimed];
  const settle = settleTogether((settlements) => settleMessages(deps.db, settlements, now));
  const one = async (message: OutboxMessage) => {
    if (Date.now() >= stopStartingAt || options.stopping?.()) return settle(message, { status: "pending", dueAt: message.dueAt, attemptNotCounted: true });
    const unwanted = noLongerWanted(message, purchases, now);
    if (unwanted) return settle(message, { status: "dropped", error: unwanted });
    const result = await transmit(deps, message);
    if (result.ok) return settle(message, { status: "sent", error: result.error });
    if (result.drop) return settle(message, { status: "dropped", error: result.error });
    if (!result.retry || message.attempts >= MAX_ATTEMPTS) {
      // An SMS provider's error may quote the customer's number: it stays in last_error, out of the log.
      const error = message.channel === "sms" ? undefined : result.error;
      deps.logger.warn(
        { message: message.id, event: message.event, channel: message.channel, attempts: message.attempts, error },
        "outbox: message failed for good",
      );
      return settle(message, { status: "failed", error: result.error });
    }
    return settle(message, { status: "pending", dueAt: new Date(now.getTime() + retryDelayMs(message.attempts)), error: result.error });
  };
  const workers = Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await one(next);
      } catch (err) {
        // Left claimed: the lease runs out and a sender tries again.
        deps.logger.error({ err, message: next.id }, "outbox: a message failed unexpectedly");
      }
    }
  });
  await Promise.all(workers);
}
