// Messages about a request after its sale (docs/decisions/049-missed-promises-and-refunds.md),
// through the one outbox (docs/decisions/046-one-outbox.md): an SMS to the customer's mobile, and
// a notice to the electrician who works the job by push and/or e-mail as their alert
// preferences say, as the contact-promise reminder goes. Each is queued in the transaction of
// the change it tells of, so a change that rolls back says nothing.
import { DEFAULT_ALERT_PREFERENCES } from "../../../shared/alerts";
import { checkAustralianPhone } from "../../../shared/phone";
import type { Db } from "../../platform/db/client";
import { recordDashboardNotice } from "./dashboard-notices-repo";
import { enqueueMessage, type OutboxEntry } from "./outbox-repo";
import { reminderChannels, type ReminderChannels } from "./purchases-repo";
import { smsFromUs } from "./sms-text";

export interface CustomerSms {
  /** `<what happened>:<id>`: with the customer's number, once. */
  event: string;
  leadId: number;
  customerPhone: string;
  text: string;
  sitePhone: string;
  now: Date;
}

/**
 * One SMS the customer has just asked for by acting on their job page, so it goes at once
 * whatever the hour (docs/product.md section 14 "Messages"). Nothing for a number that takes no SMS.
 */
export async function enqueueCustomerSms(tx: Db, sms: CustomerSms): Promise<boolean> {
  const phone = checkAustralianPhone(sms.customerPhone);
  if (!phone.ok || phone.kind !== "mobile") return false;
  return enqueueMessage(tx, {
    event: sms.event,
    recipient: `sms:${phone.digits}`,
    channel: "sms",
    leadId: sms.leadId,
    payload: { to: phone.digits, text: smsFromUs(sms.text, sms.sitePhone) },
    dueAt: sms.now,
  });
}

export interface ProviderNotice {
  event: string;
  userId: number;
  leadId: number;
  title: string;
  body: string;
  /** The site's public origin, for the e-mail's link. */
  origin: string;
  now: Date;
  /** Not sent before this (the state's quiet hours); the dashboard shows it from `now` all the same. */
  holdUntil?: Date;
  /**
   * Money or work lost without their doing (a job relisted, an order paused): it goes by every
   * channel they have, push to each device, e-mail to their account's address and SMS to its
   * mobile, whatever their alert settings (docs/decisions/081-notices-on-the-dashboard.md).
   * The site's phone signs the SMS.
   */
  mustKnow?: { sitePhone: string };
}

/** The rows one notice becomes: push and/or e-mail, or one dropped row saying why nothing goes. */
export function noticeEntries(n: ProviderNotice, to: ReminderChannels | undefined): OutboxEntry[] {
  const base = { event: n.event, leadId: n.leadId, dueAt: n.holdUntil ?? n.now, createdAt: n.now };
  const push: OutboxEntry = {
    ...base,
    recipient: `user:${n.userId}`,
    channel: "push",
    // The tag is also the push's Topic header, which takes URL-safe base64 characters only.
    payload: { title: n.title, body: n.body, url: "/dashboard", tag: n.event.replace(/[^A-Za-z0-9_-]/g, "-"), urgent: false },
  };
  const entries: OutboxEntry[] = [];
  const must = n.mustKnow !== undefined;
  if ((must || to?.pushEnabled) && to && to.devices > 0) entries.push(push);
  if ((must || to?.emailEnabled) && to?.email) {
    entries.push({
      ...base,
      recipient: `user:${n.userId}:email`,
      channel: "email",
      payload: {
        to: to.email,
        subject: n.title,
        text: [n.body, "", `Open your dashboard: ${n.origin}/dashboard`, "", "Change what you are sent under Alerts on your dashboard."].join("\n"),
      },
    });
  }
  const mobile = must && to?.phone ? checkAustralianPhone(to.phone) : null;
  if (mobile?.ok && mobile.kind === "mobile") {
    entries.push({
      ...base,
      recipient: `sms:${mobile.digits}`,
      channel: "sms",
      payload: { to: mobile.digits, text: smsFromUs(`${n.title}. ${n.body}`, n.mustKnow!.sitePhone) },
    });
  }
  return entries.length ? entries : [{ ...push, dropped: "push and e-mail alerts are off, or there is nowhere to send them" }];
}

/** Queues a notice to an electrician (the job's assignee, else its buyer) by the channels they take alerts on. */
export async function enqueueProviderNotice(tx: Db, notice: ProviderNotice): Promise<void> {
  const [channels] = await reminderChannels(tx, [notice.userId], DEFAULT_ALERT_PREFERENCES);
  for (const entry of noticeEntries(notice, channels)) await enqueueMessage(tx, entry);
  // And on their dashboard until they dismiss it, whatever reached them (docs/decisions/081).
  await recordDashboardNotice(tx, { userId: notice.userId, event: notice.event, title: notice.title, body: notice.body, at: notice.now });
}
