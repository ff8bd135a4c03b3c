// The evidence pack for a disputed lead purchase, as Stripe's evidence fields (docs/decisions/094-
// dispute-evidence.md). Pure: the facts come from evidence-repo.ts. What goes to the card network
// is the buyer's own purchase: the lead as they saw it before and after buying, never the
// customer's phone, e-mail, street address or surname (those are named as "unlocked", not shown).
import { REPORT_WINDOW_DAYS } from "../../../shared/bad-leads";
import type { EvidenceField } from "../../../shared/dispute-evidence";
import { labelOf } from "../../../shared/labels";
import { contactAttemptText } from "../../../shared/pipeline-contact";
import { fromCents, toCents } from "../../../shared/pricing";
import { REFUND_REASON_LABELS } from "../../../shared/refunds";
import type { Lead, LeadPurchase, PurchaseRefund } from "../../../shared/schema";
import { formatStateStamp } from "../../../shared/state-time-text";
import { UNNAMED_CUSTOMER } from "../../../shared/customer-name";
import type { ContactChannel, ContactOutcome } from "../../../shared/jobs";
import { HIDDEN_IN_TEXT, toListing } from "../../core/listing";

const NOTHING = /(?!)/g;

/**
 * The first name the market shows, as a whole word in any case (letters with their marks: "Zoë"
 * typed as e and a diaeresis, "प्रिया"); nothing for the market's "Customer", which names no one.
 * The name is matched as text: every character that means something in a pattern is escaped.
 */
export function firstNameWord(name: string): RegExp {
  if (name === UNNAMED_CUSTOMER || !/^[\p{L}\p{M}'’-]{2,}$/u.test(name)) return NOTHING;
  const text = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{M}])${text}(?![\\p{L}\\p{M}])`, "giu");
}

export interface EvidenceFacts {
  siteName: string;
  siteUrl: string;
  purchase: LeadPurchase;
  lead: Lead;
  refund: PurchaseRefund | null;
  contacts: Array<{ at: Date; channel: ContactChannel; outcome: ContactOutcome; by: string | null }>;
  customer: {
    quotes: Array<{ number: string; sentAt: Date; declinedAt: Date | null; acceptedAt: Date | null }>;
    paid: Array<{ at: Date; amount: string }>;
    reviewed: Array<{ at: Date; rating: number }>;
    reported: Array<{ at: Date }>;
  };
  badLeadReports: Array<{ at: Date; reason: string; status: string; decidedAt: Date | null }>;
}

/** Stripe's limit per text field is 20,000 characters; the log is cut well before it, newest kept. */
const FIELD_LIMIT = 15_000;
const clip = (text: string) => (text.length <= FIELD_LIMIT ? text : `…\n${text.slice(text.length - FIELD_LIMIT)}`);

export function evidenceFields(f: EvidenceFacts): EvidenceField[] {
  const at = (instant: Date) => formatStateStamp(instant, f.lead.state);
  const listed = toListing(f.lead, { seesCustomers: false, origin: null });
  // The market shows the customer's first name; the card network gets none of the customer's names.
  const unnamed = (text: string | null) => (text ? text.replace(firstNameWord(listed.customerName), HIDDEN_IN_TEXT) : "");
  const before = { electricalWork: unnamed(listed.electricalWork), specialRequests: unnamed(listed.specialRequests) };
  const place = [f.lead.suburb, f.lead.state, f.lead.postcode].filter(Boolean).join(" ");
  const work = labelOf("serviceType", f.lead.serviceType);
  const fields: EvidenceField[] = [
    {
      field: "product_description",
      label: "What was bought",
      text: [
        `An exclusive sales lead for electrical work, bought on ${f.siteName} (${f.siteUrl}): job ${f.lead.jobReference}, ${work}${place ? ` in ${place}` : ""}.`,
        `Sold to this buyer alone at ${at(f.purchase.purchasedAt)} for $${fromCents(toCents(f.purchase.amountPaid))} (the auction's price at that moment); no one else could buy it after.`,
        `Before buying, the buyer saw the area (${place || "not given"}), the kind of work and the job as listed: ${before.electricalWork}${before.specialRequests ? ` / ${before.specialRequests}` : ""}`,
        "On buying, the buyer received at once the customer's name, mobile number, e-mail and street address (withheld here: they are the customer's, not the card holder's) and the job as the customer typed it.",
      ].join("\n"),
    },
    { field: "customer_name", label: "Buyer", text: [f.purchase.buyerName, f.purchase.buyerCompany].filter(Boolean).join(", ") },
    ...(f.purchase.buyerEmail ? [{ field: "customer_email_address", label: "Buyer's e-mail", text: f.purchase.buyerEmail }] : []),
    { field: "service_date", label: "Delivered", text: at(f.purchase.purchasedAt) },
    { field: "access_activity_log", label: "The buyer's use of the lead", text: clip(activityLog(f, at)) },
    {
      field: "refund_policy_disclosure",
      label: "Refund terms",
      text: `Shown before every purchase: a buyer may report a lead as bad (wrong number, not a real job, outside the service area, a duplicate) within ${REPORT_WINDOW_DAYS} days for a refund, and a customer who cannot be reached after two tries 4 hours apart is refunded automatically 48 hours later unless the customer answers.`,
    },
    { field: "uncategorized_text", label: "Reports and refunds", text: clip(otherFacts(f, at)) },
  ];
  return fields.filter((field) => field.text.trim().length > 0);
}

function activityLog(f: EvidenceFacts, at: (d: Date) => string): string {
  const entries: Array<[Date, string]> = [[f.purchase.purchasedAt, "bought the lead; the customer's contact details were shown to the buyer."]];
  for (const c of f.contacts) entries.push([c.at, `${contactAttemptText(c)}${c.by ? ` (logged by ${c.by})` : ""}.`]);
  for (const q of f.customer.quotes) {
    entries.push([q.sentAt, `the buyer sent the customer quote ${q.number}.`]);
    if (q.acceptedAt) entries.push([q.acceptedAt, `the customer accepted quote ${q.number} on their job page, signing it.`]);
    if (q.declinedAt) entries.push([q.declinedAt, `the customer declined quote ${q.number} on their job page.`]);
  }
  for (const p of f.customer.paid) entries.push([p.at, `the customer paid the buyer $${p.amount} online for the job.`]);
  for (const r of f.customer.reviewed) entries.push([r.at, `the customer reviewed the buyer's work (${r.rating} of 5).`]);
  for (const r of f.customer.reported) entries.push([r.at, "the customer said on their job page that the buyer had not contacted them."]);
  const { unreachableClaimedAt: claimed, unreachableSettledAt: settled, unreachableOutcome: outcome } = f.purchase;
  if (claimed) entries.push([claimed, "the buyer said the customer could not be reached."]);
  if (settled && outcome) entries.push([settled, `that claim ended: ${outcome.replaceAll("_", " ")}.`]);
  return entries
    .sort(([a], [b]) => a.getTime() - b.getTime())
    .map(([when, text]) => `${at(when)}: ${text}`)
    .join("\n");
}

function otherFacts(f: EvidenceFacts, at: (d: Date) => string): string {
  const lines: string[] = [];
  for (const r of f.badLeadReports)
    lines.push(
      `${at(r.at)}: the buyer reported the lead as bad (${r.reason.replaceAll("_", " ")}); ${r.status}${r.decidedAt ? ` on ${at(r.decidedAt)}` : ""}.`,
    );
  if (f.refund)
    lines.push(`${at(f.refund.createdAt)}: we refunded the purchase, $${f.refund.amount} (${REFUND_REASON_LABELS[f.refund.reason]}), before this dispute.`);
  else if (f.badLeadReports.length === 0) lines.push("The buyer never reported the lead as bad and asked for no refund.");
  return lines.join("\n");
}

/** Stripe's `evidence` hash: each field's text by its name. */
export const stripeEvidenceOf = (fields: EvidenceField[]) => Object.fromEntries(fields.map((f) => [f.field, f.text]));
