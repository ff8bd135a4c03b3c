// One line per audited change for the stage card's History disclosure (decision 018), e.g.
// "Stage: Called → Quoted · Dave Wilson · 22 Nov, 3:04 pm" in Sydney time.
import { BOOKING_SMS_FIELD, etaWords, ON_MY_WAY_FIELD } from "@shared/customer-updates";
import { isLabelledField, labelOf } from "@shared/labels";
import { formatAustralianPhone } from "@shared/phone";
import type { ContactChannel, ContactOutcome } from "@shared/jobs";
import type { PurchaseHistoryEntry } from "@shared/pipeline";
import { CONTACT_ATTEMPT_FIELD, CONTACT_CHANNEL_LABELS, CONTACT_OUTCOME_LABELS, contactAttemptText } from "@shared/pipeline-contact";
import { DECLINE_REASON_LABELS, STAGE_MOVED_BACK_FIELD, type DeclineReason } from "@shared/pipeline-jobs";
import { formatSydneyDayTime, startOfSydneyDay } from "@shared/sydney-time";
import { formatMoney, formatSydneyDate, formatSydneyDateTime } from "@/lib/format";

const FIELD_LABELS: Record<string, string> = {
  salesStage: "Stage",
  salesNotes: "Notes",
  quotePrice: "Quote price",
  customerPaymentAmount: "Payment amount",
  customerName: "Customer name",
  customerPhone: "Phone",
  customerEmail: "Email",
  customerAddress: "Address",
  serviceLocation: "Service location",
  electricalWork: "Electrical work",
  serviceType: "Service type",
  propertyType: "Property type",
  budgetRange: "Budget",
  urgency: "Urgency",
  specialRequests: "Customer notes",
  // The job's own fields (docs/decisions/031).
  jobStartsAt: "Job date",
  // A picked window's end (docs/decisions/102-booking-windows.md).
  jobEndsAt: "Job ends",
  followUpOn: "Follow up on",
  declineReason: "Decline reason",
  declineNote: "Decline note",
  assignedTo: "Assigned to",
};
const MONEY_FIELDS = new Set(["quotePrice", "customerPaymentAmount"]);
const RELEASES: Record<string, string> = { unpurchased: "Unpurchased (back on the marketplace)", converted_to_lead: "Converted to a marketplace lead" };

const clip = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function valueText(field: string, value: string | null): string {
  if (value === null || value === "") return "none";
  if (isLabelledField(field)) return labelOf(field, value);
  if (MONEY_FIELDS.has(field)) return formatMoney(value);
  if (field === "customerPhone") return formatAustralianPhone(value);
  if (field === "jobStartsAt" || field === "jobEndsAt") return formatSydneyDateTime(value);
  if (field === "followUpOn") return formatSydneyDate(startOfSydneyDay(value));
  if (field === "declineReason") return DECLINE_REASON_LABELS[value as DeclineReason] ?? value;
  if (field === "assignedTo") return value;
  return `“${clip(value)}”`;
}

/** "Contact logged: Call, no answer" from the audit value "call: no_answer" (docs/decisions/045). */
function contactLogged(value: string | null): string {
  const [channel = "", outcome = ""] = (value ?? "").split(": ");
  const known = Object.hasOwn(CONTACT_CHANNEL_LABELS, channel) && Object.hasOwn(CONTACT_OUTCOME_LABELS, outcome);
  return `Contact logged: ${known ? contactAttemptText({ channel: channel as ContactChannel, outcome: outcome as ContactOutcome }) : value}`;
}

/** "Stage: Called → Quoted", "Archived", "Notes: none → “Call back Friday”". */
export function describeChange(entry: Pick<PurchaseHistoryEntry, "field" | "from" | "to">): string {
  if (entry.field === "isArchived") return entry.to === "true" ? "Archived" : "Restored from the archive";
  if (entry.field === "releaseReason") return RELEASES[entry.to ?? ""] ?? "Released";
  if (entry.field === CONTACT_ATTEMPT_FIELD) return contactLogged(entry.to);
  // What the customer was texted (docs/decisions/049, "Keeping the customer informed").
  if (entry.field === BOOKING_SMS_FIELD) return `Booking texted to the customer: ${entry.to ? formatSydneyDateTime(entry.to) : "none"}`;
  if (entry.field === ON_MY_WAY_FIELD) return `“On my way” texted to the customer: ${etaWords(Number(entry.to))}`;
  // Why a refund took the job out of Paid (docs/decisions/056); its stage line sits just below.
  if (entry.field === STAGE_MOVED_BACK_FIELD) return `Moved back from Paid. ${entry.to ?? "Refunded"}`;
  const label = FIELD_LABELS[entry.field] ?? entry.field;
  return `${label}: ${valueText(entry.field, entry.from)} → ${valueText(entry.field, entry.to)}`;
}

/** "22 Nov, 3:04 pm". */
export const historyTime = (iso: string) => formatSydneyDayTime(iso);

/** "Dave Wilson · 22 Nov, 3:04 pm", shown after the change (and " · ") in a muted colour. */
export const historyMeta = (entry: Pick<PurchaseHistoryEntry, "by" | "at">) => `${entry.by ?? "Former user"} · ${historyTime(entry.at)}`;
