// The one outbox's share of a worker pass (docs/decisions/046-one-outbox.md). It runs inside the
// alert worker (server/core/alerts/worker.ts), so each instance has one wake/poll loop for alerts and
// messages alike: sends woken by every market event (a sale's handover row commits with its
// lead.removed), reminders swept on the poll, at least every 5 s (docs/product.md section 14 "Clocks").
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import type { Mailer } from "../../platform/mail";
import type { SmsSender } from "../../platform/sms";
import { claimDueMessages, LEASE_MS } from "./outbox-repo";
import { enqueueDueEvenings } from "./evening-before";
import { enqueueDueHoursBefore } from "./hour-before";
import { enqueueDuePaperwork } from "./paperwork-due";
import { enqueueDueReminders } from "./reminders";
import { sendClaimedMessages, type PushToUser } from "./sender";

export interface OutboxDeps {
  db: Db;
  logger: Logger;
  sms: SmsSender;
  mailer: Mailer;
  push: PushToUser;
  /** The app's clock, read again for every claim: a lease is counted from when it is taken. */
  now: () => Date;
  /** The site's public origin, for links in e-mails. */
  origin: string;
  /** CONTACT_PROMISE_MINUTES. */
  promiseMinutes: number;
  /** SITE_PHONE, which every SMS to a customer ends with. */
  sitePhone: string;
  /** The claim's lease; tests make it short. */
  leaseMs?: number;
}

export interface Outbox {
  /** Queues due reminders (with `sweep`), then sends every due message; true when it did anything. */
  pass(options?: { sweep?: boolean; stopping?: () => boolean }): Promise<boolean>;
}

/** Messages claimed at a time: a batch of slow sends still ends well inside its lease. */
const SEND_BATCH = 100;

export function createOutbox(deps: OutboxDeps): Outbox {
  const { db, logger, sms, mailer, push, now } = deps;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  return {
    async pass({ sweep = true, stopping = () => false } = {}) {
      let busy = false;
      try {
        if (sweep && (await enqueueDueReminders({ db, origin: deps.origin, sitePhone: deps.sitePhone, promiseMinutes: deps.promiseMinutes }, now())) > 0)
          busy = true;
      } catch (err) {
        // The sends below still run; the next poll sweeps again.
        logger.error({ err }, "outbox: the reminder sweep failed");
      }
      try {
        // The evening before a booked job (docs/decisions/049), swept like the reminders.
        if (sweep && (await enqueueDueEvenings(db, { origin: deps.origin, sitePhone: deps.sitePhone }, now())) > 0) busy = true;
      } catch (err) {
        logger.error({ err }, "outbox: the evening-before sweep failed");
      }
      try {
        // The hour before a picked booking window (docs/decisions/102-booking-windows.md).
        if (sweep && (await enqueueDueHoursBefore(db, { origin: deps.origin, sitePhone: deps.sitePhone }, now())) > 0) busy = true;
      } catch (err) {
        logger.error({ err }, "outbox: the hour-before sweep failed");
      }
      try {
        // The paperwork's deadlines: two days before, on the day, and overdue to the owner (docs/decisions/105-paperwork-on-the-card.md).
        if (sweep && (await enqueueDuePaperwork(db, { origin: deps.origin }, now())) > 0) busy = true;
      } catch (err) {
        logger.error({ err }, "outbox: the paperwork sweep failed");
      }
      // A draining instance claims no more, and gives back what it has not started (docs/decisions/098-restarts-without-a-dropped-request.md).
      while (!stopping()) {
        const claimedAt = Date.now();
        const at = now();
        const claimed = await claimDueMessages(db, at, SEND_BATCH, leaseMs);
        if (claimed.length === 0) break;
        busy = true;
        await sendClaimedMessages({ db, logger, sms, mailer, push }, claimed, at, { leaseMs, claimedAt, stopping });
      }
      return busy;
    },
  };
}
