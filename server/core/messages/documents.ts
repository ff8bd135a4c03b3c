// The customer's SMS when a quote is sent (docs/decisions/051-quotes-and-tax-invoices.md), through
// the one outbox (docs/decisions/046-one-outbox.md), queued in the transaction that stores the
// quote. Quiet hours as the handover's: held to 07:00 in the lead's state, except an emergency.
import { isEmergencyLead } from "../../../shared/contact-promise";
import { formatMoney } from "../../../shared/format";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { cut } from "./handover";
import { customerMobile, type CustomerMessageSettings } from "./customer-updates";
import { enqueueMessage } from "./outbox-repo";
import { afterQuietHours } from "./quiet-hours";
import { smsFromUs } from "./sms-text";

export interface QuoteSent {
  quoteId: number;
  lead: Pick<Lead, "id" | "customerPhone" | "state" | "source" | "urgency" | "serviceType">;
  businessName: string | null;
  /** Dollars, "1234.50". */
  total: string;
  now: Date;
  /** Mints a fresh job link in the transaction; its path ("/job/<token>"). */
  jobLink: () => Promise<string>;
}

export function quoteSentText(input: { businessName: string | null; total: string; jobUrl: string; sitePhone: string }): string {
  const who = cut(input.businessName, 40) || "Your electrician";
  return smsFromUs(`${who} has sent you a quote for ${formatMoney(input.total)}. See it and accept or decline: ${input.jobUrl}`, input.sitePhone);
}

/** One SMS per quote, event `quote.sent:<quoteId>`; false for an own job or a number that takes no SMS. */
export async function enqueueQuoteSent(tx: Db, settings: CustomerMessageSettings, sent: QuoteSent): Promise<boolean> {
  const to = customerMobile(sent.lead);
  if (!to) return false;
  const text = quoteSentText({
    businessName: sent.businessName,
    total: sent.total,
    jobUrl: `${settings.origin}${await sent.jobLink()}`,
    sitePhone: settings.sitePhone,
  });
  return enqueueMessage(tx, {
    event: `quote.sent:${sent.quoteId}`,
    recipient: `sms:${to}`,
    channel: "sms",
    leadId: sent.lead.id,
    payload: { to, text },
    dueAt: isEmergencyLead(sent.lead) ? sent.now : afterQuietHours(sent.lead.state, sent.now),
    createdAt: sent.now,
  });
}

export interface InvoicePaidOnline {
  invoiceId: number;
  invoiceNumber: string;
  lead: Pick<Lead, "id" | "customerPhone" | "state" | "source" | "urgency" | "serviceType">;
  businessName: string | null;
  /** Dollars received in all on the invoice, "1234.50". */
  paid: string;
  now: Date;
}

export function invoicePaidText(input: { businessName: string | null; invoiceNumber: string; paid: string; sitePhone: string }): string {
  const who = cut(input.businessName, 40) || "your electrician";
  return smsFromUs(`Receipt: invoice ${input.invoiceNumber} from ${who} is paid in full (${formatMoney(input.paid)}). Thank you.`, input.sitePhone);
}

/**
 * The customer's receipt once an invoice is paid in full online (docs/decisions/056-money-
 * online-stripe-connect.md): one per invoice, event `invoice.paid:<invoiceId>`; quiet hours as
 * the quote's SMS. False for a number that takes no SMS.
 */
export async function enqueueInvoicePaid(tx: Db, settings: CustomerMessageSettings, paid: InvoicePaidOnline): Promise<boolean> {
  const to = customerMobile(paid.lead);
  if (!to) return false;
  return enqueueMessage(tx, {
    event: `invoice.paid:${paid.invoiceId}`,
    recipient: `sms:${to}`,
    channel: "sms",
    leadId: paid.lead.id,
    payload: { to, text: invoicePaidText({ ...paid, sitePhone: settings.sitePhone }) },
    dueAt: isEmergencyLead(paid.lead) ? paid.now : afterQuietHours(paid.lead.state, paid.now),
    createdAt: paid.now,
  });
}

export interface CertificateReady {
  documentId: number;
  /** "certificate of testing and compliance". */
  what: string;
  lead: Pick<Lead, "id" | "customerPhone" | "customerEmail" | "state" | "source">;
  businessName: string | null;
  now: Date;
  /** Mints a fresh job link in the transaction; its path ("/job/<token>"). */
  jobLink: () => Promise<string>;
}

export function certificateReadyText(input: { businessName: string | null; what: string; jobUrl: string }): string {
  const who = cut(input.businessName, 40) || "Your electrician";
  return `${who} has issued your ${input.what}. Open it on your job page (we text you a code first, as it carries your name and address): ${input.jobUrl}`;
}

/**
 * The customer's copy of a certificate (docs/decisions/105-paperwork-on-the-card.md): a link to
 * their job page by SMS and, when they gave one, by e-mail, never the certificate itself, since a
 * link can be forwarded and the page asks for a code to their mobile first. Once per certificate,
 * event `paperwork.certificate:<documentId>`; quiet hours as the quote's SMS. False when nothing
 * went: an own job, or no mobile to send the code to.
 */
export async function enqueueCertificateReady(tx: Db, settings: CustomerMessageSettings, ready: CertificateReady): Promise<boolean> {
  // An own job's customer is the electrician's to hand the PDF to: we message only our customers.
  // Without a mobile no code can open the copy, so no link is sent at all: the card says to hand it over.
  const to = customerMobile(ready.lead);
  if (!to) return false;
  const email = ready.lead.customerEmail?.trim() || null;
  const text = certificateReadyText({ businessName: ready.businessName, what: ready.what, jobUrl: `${settings.origin}${await ready.jobLink()}` });
  const base = {
    event: `paperwork.certificate:${ready.documentId}`,
    leadId: ready.lead.id,
    dueAt: afterQuietHours(ready.lead.state, ready.now),
    createdAt: ready.now,
  };
  await enqueueMessage(tx, { ...base, recipient: `sms:${to}`, channel: "sms", payload: { to, text: smsFromUs(text, settings.sitePhone) } });
  if (email) {
    await enqueueMessage(tx, {
      ...base,
      recipient: `email:${email}`,
      channel: "email",
      payload: { to: email, subject: `Your ${ready.what}`, text: [text, "", `Questions: call ${settings.sitePhone}.`].join("\n") },
    });
  }
  return true;
}

export interface FormToSend {
  documentId: number;
  /** "Certificate of Compliance for Electrical Work (CCEW)". */
  name: string;
  serial: string | null;
  jobReference: string;
  businessName: string | null;
  /** The installation's suburb, state and postcode: the recipient files it by place. */
  place: string;
  to: string[];
  leadId: number;
  now: Date;
}

/**
 * The completed form e-mailed, attached, to each address the electrician named (the distributor,
 * the Commission: docs/decisions/105-paperwork-on-the-card.md). The outbox holds a reference, not
 * the file: the sender attaches the stored PDF as it sends. Due at once: office mail, no quiet hours.
 */
export async function enqueueFormSent(tx: Db, form: FormToSend): Promise<void> {
  const who = cut(form.businessName, 60) || "The electrical contractor";
  const subject = `${form.name}${form.serial ? ` ${form.serial}` : ""}: ${form.place}`;
  const text = [
    `${who} sends the attached ${form.name}${form.serial ? `, serial ${form.serial}` : ""}, for the work at ${form.place}.`,
    "",
    `Job reference: ${form.jobReference}.`,
  ].join("\n");
  for (const to of form.to) {
    await enqueueMessage(tx, {
      event: `paperwork.form:${form.documentId}`,
      recipient: `email:${to.toLowerCase()}`,
      channel: "email",
      leadId: form.leadId,
      payload: { to, subject, text, attachment: { paperworkFile: form.documentId } },
      dueAt: form.now,
    });
  }
}
