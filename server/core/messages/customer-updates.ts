// Keeping the customer informed (docs/decisions/049-missed-promises-and-refunds.md, "Keeping the
// customer informed"; docs/product.md section 14 "Messages"): the booking with its date and time,
// and "On my way" with the electrician's ETA. Each is an outbox row written in the transaction
// of the change it tells of (docs/decisions/046-one-outbox.md); the evening before is swept
// (evening-before.ts). Market jobs with a mobile only: a provider's own job never texts.
import { windowText } from "../../../shared/booking-windows";
import { etaWords } from "../../../shared/customer-updates";
import { checkAustralianPhone } from "../../../shared/phone";
import type { Lead } from "../../../shared/schema";
import { formatStateDayTime } from "../../../shared/state-time-text";
import type { Db } from "../../platform/db/client";
import { bookingMessagesOf, pendingMessagesOf, teamWords, withdrawMessages, type TeamWords } from "./bookings-repo";
import { cut } from "./handover";
import { enqueueMessage } from "./outbox-repo";
import { afterQuietHours } from "./quiet-hours";
import { smsFromUs } from "./sms-text";

export interface CustomerMessageSettings {
  /** The site's public origin (PUBLIC_URL): the job link must open from a phone. */
  origin: string;
  sitePhone: string;
}

type CustomerLead = Pick<Lead, "id" | "customerPhone" | "state" | "source">;

/** The customer's mobile as the outbox addresses it; null for an own job or a number that takes no SMS. */
export function customerMobile(lead: { customerPhone: string; source: string }): string | null {
  if (lead.source === "provider_manual") return null;
  const phone = checkAustralianPhone(lead.customerPhone);
  return phone.ok && phone.kind === "mobile" ? phone.digits : null;
}

/** "Tom from Sparky Bros Electrical": who comes (first name) from which business (the buyer's). */
export function whoComes(words: TeamWords | null): string {
  const name = cut(words?.firstName ?? null, 20);
  const business = cut(words?.companyName ?? null, 40);
  return name && business ? `${name} from ${business}` : business || name || "Your electrician";
}

/** The ISO instant in an event key: `job.booked:42:2026-11-24T22:30:00.000Z`. */
export const startKey = (startsAt: Date) => startsAt.toISOString();

export function bookingText(input: { who: string; startsAt: string; toldBefore: string | null; jobUrl: string; sitePhone: string }): string {
  const what = input.toldBefore
    ? `${input.who} has moved your job to ${input.startsAt} (was ${input.toldBefore}).`
    : `${input.who} has booked your job for ${input.startsAt}.`;
  return smsFromUs(`${what} Your job: ${input.jobUrl}`, input.sitePhone);
}

export function onMyWayText(input: { who: string; etaMinutes: number; sitePhone: string }): string {
  return smsFromUs(`${input.who} is on the way, ${etaWords(input.etaMinutes)} away.`, input.sitePhone);
}

export interface Booking {
  purchaseId: number;
  lead: CustomerLead;
  buyerId: number;
  /** Who comes: the job's assignee, else the buyer. */
  workerId: number;
  startsAt: Date;
  /** A picked window's end: the SMS names the window (docs/decisions/102-booking-windows.md); null for a typed time. */
  endsAt?: Date | null;
  /** The purchase's version after this save: a return to a start told before is a new event. */
  version: number;
  now: Date;
  /** Mints a new job link in the transaction and returns its path ("/job/<token>"). */
  jobLink: () => Promise<string>;
}

/** The start a booking message's event names: `job.booked:42:<start>` or `…#<version>`. */
const startOfEvent = (event: string) => /^job\.booked:\d+:([^#]+)/.exec(event)?.[1] ?? null;

/**
 * Inside the save's transaction: one SMS to the customer's mobile, event
 * `job.booked:<purchaseId>:<start>`, unless the customer already heard (or is hearing) this
 * start. A booking still waiting (held through quiet hours) is withdrawn first: the customer
 * hears only the newest start, and "moved … (was …)" only names a start they were sent. A move
 * back to a start sent before (9:00, then 10:00, then 9:00 again) is `…#<version>`: the
 * customer's last word was 10:00. Held to 07:00 in the lead's state when saved in its quiet
 * hours. False when nothing was queued (an own job, a landline, nothing new to say).
 */
export async function enqueueBookingMessage(tx: Db, settings: CustomerMessageSettings, booking: Booking): Promise<boolean> {
  const to = customerMobile(booking.lead);
  if (!to) return false;
  const { lead, now } = booking;
  const earlier = await bookingMessagesOf(tx, lead.id, booking.purchaseId, now);
  const waiting = earlier.filter((m) => m.status === "pending" && !m.claimed).map((m) => m.id);
  const withdrawn = new Set(await withdrawMessages(tx, waiting, now, "a newer booking replaced it"));
  const heard = earlier.find((m) => !withdrawn.has(m.id) && (m.status === "sent" || m.status === "pending"));
  const heardStart = heard ? startOfEvent(heard.event) : null;
  if (heardStart === startKey(booking.startsAt)) return false;
  const text = bookingText({
    who: whoComes(await teamWords(tx, booking.buyerId, booking.workerId)),
    startsAt: booking.endsAt
      ? windowText({ startsAt: booking.startsAt, endsAt: booking.endsAt }, lead.state)
      : formatStateDayTime(booking.startsAt, lead.state),
    toldBefore: heardStart ? formatStateDayTime(new Date(heardStart), lead.state) : null,
    jobUrl: `${settings.origin}${await booking.jobLink()}`,
    sitePhone: settings.sitePhone,
  });
  const event = `job.booked:${booking.purchaseId}:${startKey(booking.startsAt)}`;
  const entry = {
    recipient: `sms:${to}`,
    channel: "sms" as const,
    leadId: lead.id,
    payload: { to, text },
    dueAt: afterQuietHours(lead.state, now),
    createdAt: now,
  };
  return (await enqueueMessage(tx, { ...entry, event })) || enqueueMessage(tx, { ...entry, event: `${event}#${booking.version}` });
}

export interface Visit {
  purchaseId: number;
  lead: CustomerLead;
  buyerId: number;
  /** Who tapped "On my way" (their first name is the one the customer expects at the door). */
  workerId: number;
  etaMinutes: number;
  /** The start of the rate limit's window: one message per purchase per window. */
  windowStart: Date;
  now: Date;
}

/**
 * "Dave from Sparky Bros Electrical is on the way, about 20 minutes away." Due at once, day or
 * night: the customer is waiting for the knock (docs/decisions/049). Event
 * `job.on-my-way:<purchaseId>:<window start>`. False when nothing was queued.
 */
export async function enqueueOnMyWay(tx: Db, settings: CustomerMessageSettings, visit: Visit): Promise<boolean> {
  const to = customerMobile(visit.lead);
  if (!to) return false;
  const text = onMyWayText({ who: whoComes(await teamWords(tx, visit.buyerId, visit.workerId)), etaMinutes: visit.etaMinutes, sitePhone: settings.sitePhone });
  return enqueueMessage(tx, {
    event: `job.on-my-way:${visit.purchaseId}:${visit.windowStart.toISOString()}`,
    recipient: `sms:${to}`,
    channel: "sms",
    leadId: visit.lead.id,
    payload: { to, text },
    dueAt: visit.now,
  });
}

/** Withdraws a booking SMS still waiting (held through quiet hours) once the booked time is given up. */
export async function withdrawBookingMessages(tx: Db, leadId: number, purchaseId: number, now: Date): Promise<void> {
  const waiting = (await bookingMessagesOf(tx, leadId, purchaseId, now)).filter((m) => m.status === "pending" && !m.claimed);
  await withdrawMessages(
    tx,
    waiting.map((m) => m.id),
    now,
    "the booking was given up",
  );
}

/** Withdraws an SMS about the booking still waiting (held through quiet hours) once what it says no longer stands. */
export async function withdrawBookingNews(tx: Db, leadId: number, event: string, now: Date): Promise<void> {
  await withdrawMessages(tx, await pendingMessagesOf(tx, leadId, event, now), now, "a newer change replaced it");
}

export interface BookingNews {
  /** `booking.<what>:<id>`: once per change. */
  event: string;
  lead: CustomerLead;
  buyerId: number;
  workerId: number;
  now: Date;
  /** The words, given who comes ("Tom from Sparky Bros Electrical"); the job link is the caller's. */
  text: (who: string) => string;
}

/**
 * One SMS about the booking other than a booked time (docs/decisions/102-booking-windows.md):
 * times to pick, or a booked time the electrician moved or cancelled. Held to 07:00 in the lead's
 * state when written in its quiet hours. False when nothing was queued.
 */
export async function enqueueBookingNews(tx: Db, settings: CustomerMessageSettings, news: BookingNews): Promise<boolean> {
  const to = customerMobile(news.lead);
  if (!to) return false;
  const text = smsFromUs(news.text(whoComes(await teamWords(tx, news.buyerId, news.workerId))), settings.sitePhone);
  return enqueueMessage(tx, {
    event: news.event,
    recipient: `sms:${to}`,
    channel: "sms",
    leadId: news.lead.id,
    payload: { to, text },
    dueAt: afterQuietHours(news.lead.state, news.now),
    createdAt: news.now,
  });
}
