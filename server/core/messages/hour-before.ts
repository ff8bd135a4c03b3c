// The hour before a picked booking window (docs/decisions/102-booking-windows.md): the customer
// waited for a window, not a time, so an hour before it opens their mobile is told who comes and
// between when. Swept with the evening before on every worker pass; once per (purchase, start),
// event `job.hour-before:<purchaseId>:<start>`, each job decided once (a dropped row says why
// nothing went). Only for windows the customer picked: a typed time keeps what it had.
import { HOUR_BEFORE_MS, windowText } from "../../../shared/booking-windows";
import { spacedAustralianPhone } from "../../../shared/phone";
import type { Db } from "../../platform/db/client";
import { reminderCandidates, teamWords, type EveningCandidate } from "./bookings-repo";
import { customerMobile, startKey, whoComes, type CustomerMessageSettings } from "./customer-updates";
import { queueDueReminders } from "./evening-before";
import type { OutboxEntry } from "./outbox-repo";
import { afterQuietHours } from "./quiet-hours";
import { smsFromUs } from "./sms-text";

/** A booking told this close to its start is its own reminder. */
export const HOUR_BEFORE_FRESH_MS = 3 * HOUR_BEFORE_MS;

export function hourBeforeText(input: { who: string; window: string; phone: string | null; sitePhone: string }): string {
  const change = input.phone ? ` To change it, call ${input.phone}.` : "";
  return smsFromUs(`Reminder: ${input.who} is coming ${input.window}.${change}`, input.sitePhone);
}

/** Queues every hour-before reminder due at `now`; returns how many jobs were decided. */
export async function enqueueDueHoursBefore(db: Db, settings: CustomerMessageSettings, now: Date): Promise<number> {
  // Every job starting within the hour is due: the sweep's window is the rule.
  const due = await reminderCandidates(db, "hour-before", now, new Date(now.getTime() + HOUR_BEFORE_MS));
  return queueDueReminders(db, "hour-before", due, (tx, job) => hourBeforeEntry(tx, settings, job, now));
}

async function hourBeforeEntry(tx: Db, settings: CustomerMessageSettings, job: EveningCandidate, now: Date): Promise<OutboxEntry> {
  const to = customerMobile(job);
  const base = { event: `job.hour-before:${job.purchaseId}:${startKey(job.startsAt)}`, channel: "sms" as const, leadId: job.leadId, dueAt: now };
  if (!to) return { ...base, recipient: "sms:none", payload: {}, dropped: "the customer's number takes no SMS" };
  const recipient = `sms:${to}`;
  if (job.toldAt && job.toldAt.getTime() > job.startsAt.getTime() - HOUR_BEFORE_FRESH_MS) {
    return { ...base, recipient, payload: {}, dropped: "booked within 3 hours of the start: the booking's own SMS was the reminder" };
  }
  const dueAt = afterQuietHours(job.state, now);
  if (dueAt.getTime() >= job.startsAt.getTime()) return { ...base, recipient, payload: {}, dropped: "quiet hours last until the window opens" };
  const words = await teamWords(tx, job.buyerId, job.workerId);
  const text = hourBeforeText({
    who: whoComes(words),
    window: windowText({ startsAt: job.startsAt, endsAt: job.endsAt! }, job.state),
    phone: words?.phone ? spacedAustralianPhone(words.phone) : null,
    sitePhone: settings.sitePhone,
  });
  return { ...base, recipient, payload: { to, text }, dueAt, createdAt: now };
}
