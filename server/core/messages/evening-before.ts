// The evening before a booked job (docs/decisions/049-missed-promises-and-refunds.md, "Keeping the
// customer informed"): from 18:00 on the lead's state's clock the day before, and never after
// the start, the customer's mobile is reminded who comes and when. Found by a sweep over
// lead_purchases.job_starts_at on every worker pass (at least every 5 s, docs/product.md section 14
// "Clocks"), so a changed start or a restart loses nothing. Once per (purchase, start): the
// event `job.evening:<purchaseId>:<start>`; each job is decided once, a dropped row saying why
// nothing went.
import { EVENING_REMINDER_FRESH_MS, eveningBeforeAt, sameStateDay } from "../../../shared/customer-updates";
import { spacedAustralianPhone } from "../../../shared/phone";
import { formatStateDayTime } from "../../../shared/state-time-text";
import type { Db } from "../../platform/db/client";
import { lockDueReminders, reminderCandidates, teamWords, type EveningCandidate, type ReminderKind } from "./bookings-repo";
import { customerMobile, startKey, whoComes, type CustomerMessageSettings } from "./customer-updates";
import { enqueueMessage, type OutboxEntry } from "./outbox-repo";
import { afterQuietHours } from "./quiet-hours";
import { smsFromUs } from "./sms-text";

/** How far ahead the sweep looks: a job at 23:59 tomorrow is 30 hours from 18:00 today, and a daylight-saving day is 25. */
export const EVENING_LOOKAHEAD_MS = 36 * 3600_000;

export function eveningText(input: { who: string; day: "today" | "tomorrow"; startsAt: string; phone: string | null; sitePhone: string }): string {
  const change = input.phone ? ` To change it, call ${input.phone}.` : "";
  return smsFromUs(`Reminder: ${input.who} is coming ${input.day}, ${input.startsAt}.${change}`, input.sitePhone);
}

/** Queues every evening-before reminder due at `now`; returns how many jobs were decided. */
export async function enqueueDueEvenings(db: Db, settings: CustomerMessageSettings, now: Date): Promise<number> {
  const candidates = await reminderCandidates(db, "evening", now, new Date(now.getTime() + EVENING_LOOKAHEAD_MS));
  const due = candidates.filter((c) => eveningBeforeAt(c.startsAt, c.state).getTime() <= now.getTime());
  return queueDueReminders(db, "evening", due, (tx, job) => eveningEntry(tx, settings, job, now));
}

/**
 * One transaction for a sweep's due jobs: those no other instance holds are locked and read again
 * (lockDueReminders), and each becomes its one row. Shared by the evening before and the hour
 * before (hour-before.ts). Returns how many jobs were decided.
 */
export async function queueDueReminders(
  db: Db,
  kind: ReminderKind,
  due: EveningCandidate[],
  entryOf: (tx: Db, job: EveningCandidate) => Promise<OutboxEntry>,
): Promise<number> {
  if (due.length === 0) return 0;
  return db.transaction(async (tx) => {
    const locked = await lockDueReminders(tx, kind, due);
    for (const job of locked) await enqueueMessage(tx, await entryOf(tx, job));
    return locked.length;
  });
}

/** The one row a due job becomes: the SMS, or a dropped row saying why none goes. */
async function eveningEntry(tx: Db, settings: CustomerMessageSettings, job: EveningCandidate, now: Date): Promise<OutboxEntry> {
  const to = customerMobile(job);
  const base = { event: `job.evening:${job.purchaseId}:${startKey(job.startsAt)}`, channel: "sms" as const, leadId: job.leadId, dueAt: now };
  if (!to) return { ...base, recipient: "sms:none", payload: {}, dropped: "the customer's number takes no SMS" };
  const recipient = `sms:${to}`;
  const remindAt = eveningBeforeAt(job.startsAt, job.state);
  if (job.toldAt && job.toldAt.getTime() > remindAt.getTime() - EVENING_REMINDER_FRESH_MS) {
    return { ...base, recipient, payload: {}, dropped: "booked within 12 hours of the evening before: the booking's own SMS was the reminder" };
  }
  const words = await teamWords(tx, job.buyerId, job.workerId);
  const dueAt = afterQuietHours(job.state, now);
  const text = eveningText({
    who: whoComes(words),
    day: sameStateDay(dueAt, job.startsAt, job.state) ? "today" : "tomorrow",
    startsAt: formatStateDayTime(job.startsAt, job.state),
    phone: words?.phone ? spacedAustralianPhone(words.phone) : null,
    sitePhone: settings.sitePhone,
  });
  return { ...base, recipient, payload: { to, text }, dueAt, createdAt: now };
}
