// One line per audited change for the stage card's History disclosure (decision 018), e.g.
// "Stage: Called → Quoted · Dave Wilson · 22 Nov, 3:04 pm" in Sydney time.
import { isLabelledField, labelOf } from "@shared/labels";
import { formatAustralianPhone } from "@shared/phone";
import type { PurchaseHistoryEntry } from "@shared/pipeline";
import { DECLINE_REASON_LABELS, type DeclineReason } from "@shared/pipeline-jobs";
import { startOfSydneyDay, SYDNEY_ZONE } from "@shared/sydney-time";
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
  if (field === "jobStartsAt") return formatSydneyDateTime(value);
  if (field === "followUpOn") return formatSydneyDate(startOfSydneyDay(value));
  if (field === "declineReason") return DECLINE_REASON_LABELS[value as DeclineReason] ?? value;
  if (field === "assignedTo") return value;
  return `“${clip(value)}”`;
}

/** "Stage: Called → Quoted", "Archived", "Notes: none → “Call back Friday”". */
export function describeChange(entry: Pick<PurchaseHistoryEntry, "field" | "from" | "to">): string {
  if (entry.field === "isArchived") return entry.to === "true" ? "Archived" : "Restored from the archive";
  if (entry.field === "releaseReason") return RELEASES[entry.to ?? ""] ?? "Released";
  const label = FIELD_LABELS[entry.field] ?? entry.field;
  return `${label}: ${valueText(entry.field, entry.from)} → ${valueText(entry.field, entry.to)}`;
}

const sydney = new Intl.DateTimeFormat("en-AU", { timeZone: SYDNEY_ZONE, day: "numeric", month: "short", hour: "numeric", minute: "2-digit", hour12: true });

/** "22 Nov, 3:04 pm", built from parts so every browser's ICU gives the same text. */
export function historyTime(iso: string): string {
  const part = Object.fromEntries(sydney.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.day} ${part.month}, ${part.hour}:${part.minute} ${(part.dayPeriod ?? "").toLowerCase()}`;
}

/** "Dave Wilson · 22 Nov, 3:04 pm", shown after the change (and " · ") in a muted colour. */
export const historyMeta = (entry: Pick<PurchaseHistoryEntry, "by" | "at">) => `${entry.by ?? "Former user"} · ${historyTime(entry.at)}`;
