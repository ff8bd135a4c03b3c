// The contact-promise reminder (docs/decisions/045-contact-promise.md, 046-one-outbox.md): 15
// minutes before the promise, when nothing is logged, the electrician who works the job is
// told, by push to each device and/or e-mail as their alert preferences say, and by SMS to the
// mobile on their account when neither reaches them (docs/decisions/076): a promise they must
// keep is never left untold, and quiet hours do not hold it. Found by a sweep
// over lead_purchases.purchased_at on every worker pass (at least every 5 s, docs/product.md
// section 14 "Clocks"); no schedule is stored, so a changed CONTACT_PROMISE_MINUTES or a
// restart loses nothing. Once per purchase: the event `promise.reminder:<purchaseId>`.
import { DEFAULT_ALERT_PREFERENCES } from "../../../shared/alerts";
import { contactBy, isEmergencyLead, reminderAt, type PromiseInput } from "../../../shared/contact-promise";
import { firstNameOf } from "../../../shared/customer-name";
import { formatStateDayTime } from "../../../shared/state-time-text";
import { checkAustralianPhone } from "../../../shared/phone";
import type { Db } from "../../platform/db/client";
import { enqueueMessage, type OutboxEntry } from "./outbox-repo";
import { smsFromUs } from "./sms-text";
import { lockDueReminders, reminderCandidates, reminderChannels, type ReminderCandidate, type ReminderChannels } from "./purchases-repo";

/** Purchases older than this are not looked at: every promise, even over a long weekend, is long past. */
export const REMINDER_LOOKBACK_MS = 3 * 24 * 3600_000;
/**
 * A reminder still unsent an hour after its promise (every instance was down) is not sent: it
 * would only nag about a promise already broken. It is recorded as dropped, so it is decided once.
 */
export const REMINDER_LATE_MS = 60 * 60_000;
/** Undecided purchases looked at per pass, oldest first (purchases-repo.ts reminderCandidates). */
const REMINDER_BATCH = 500;

export interface ReminderSettings {
  db: Db;
  origin: string;
  /** SITE_PHONE: an SMS names us and our number. */
  sitePhone: string;
  /** CONTACT_PROMISE_MINUTES. */
  promiseMinutes: number;
}

const promiseOf = (c: ReminderCandidate, promiseMinutes: number): PromiseInput => ({
  purchasedAt: c.purchasedAt,
  state: c.state,
  emergency: isEmergencyLead(c),
  promiseMinutes,
});

/** Queues every reminder due at `now`; returns how many purchases were decided. */
export async function enqueueDueReminders(settings: ReminderSettings, now: Date): Promise<number> {
  const { db, promiseMinutes } = settings;
  const candidates = await reminderCandidates(db, new Date(now.getTime() - REMINDER_LOOKBACK_MS), REMINDER_BATCH);
  const due = candidates.filter((c) => reminderAt(promiseOf(c, promiseMinutes)).getTime() <= now.getTime());
  if (due.length === 0) return 0;
  return db.transaction(async (tx) => {
    const locked = await lockDueReminders(
      tx,
      due.map((c) => c.purchaseId),
    );
    if (locked.length === 0) return 0;
    const channels = new Map((await reminderChannels(tx, [...new Set(locked.map((c) => c.userId))], DEFAULT_ALERT_PREFERENCES)).map((c) => [c.userId, c]));
    for (const candidate of locked) {
      for (const entry of reminderEntries(settings, candidate, channels.get(candidate.userId), now)) await enqueueMessage(tx, entry);
    }
    return locked.length;
  });
}

/** The rows one due reminder becomes: push and/or e-mail, or one dropped row saying why nothing goes. */
export function reminderEntries(settings: Omit<ReminderSettings, "db">, c: ReminderCandidate, to: ReminderChannels | undefined, now: Date): OutboxEntry[] {
  const promise = contactBy(promiseOf(c, settings.promiseMinutes));
  const event = `promise.reminder:${c.purchaseId}`;
  const base = { event, leadId: c.leadId, dueAt: now };
  const name = firstNameOf(c.customerName);
  const where = c.suburb ? ` in ${c.suburb}` : "";
  const by = formatStateDayTime(promise, c.state);
  const short = by.split(" ").slice(0, 2).join(" ");
  const title = `Call ${name}${where} by ${short}`;
  const body = `You promised to contact ${name}${where} by ${by}. Nothing is logged yet: log the call on the job's card.`;
  const push: OutboxEntry = {
    ...base,
    recipient: `user:${c.userId}`,
    channel: "push",
    payload: { title, body, url: "/dashboard", tag: `promise-${c.purchaseId}`, urgent: isEmergencyLead(c) },
  };
  if (now.getTime() >= promise.getTime() + REMINDER_LATE_MS) return [{ ...push, dropped: "the promise passed more than an hour ago" }];
  const entries: OutboxEntry[] = [];
  if (to?.pushEnabled && to.devices > 0) entries.push(push);
  if (to?.emailEnabled && to.email) {
    entries.push({
      ...base,
      recipient: `user:${c.userId}:email`,
      channel: "email",
      payload: {
        to: to.email,
        subject: `Reminder: ${title.charAt(0).toLowerCase()}${title.slice(1)}`,
        text: [body, "", `Open your dashboard: ${settings.origin}/dashboard`, "", "Change what you are sent under Alerts on your dashboard."].join("\n"),
      },
    });
  }
  if (entries.length) return entries;
  // Nothing else reaches them (the defaults: push on with no device, e-mail off): their mobile, now.
  const mobile = checkAustralianPhone(to?.phone ?? "");
  if (mobile.ok && mobile.kind === "mobile") {
    const text = smsFromUs(`${title}: nothing is logged yet. Log the call on the job's card: ${settings.origin}/dashboard`, settings.sitePhone);
    return [{ ...base, recipient: `sms:${mobile.digits}`, channel: "sms", payload: { to: mobile.digits, text } }];
  }
  return [{ ...push, dropped: "no push device, e-mail or mobile to send it to" }];
}
