// CSV export of a provider's purchased leads (docs/product.md section 2 "Export", with work and
// service-type columns instead of the template's vehicle ones). csv-stringify does the
// quoting of commas, quotes and newlines.
import { stringify } from "csv-stringify/sync";
import { labelOf } from "../../../shared/labels";
import { spacedAustralianPhone } from "../../../shared/phone";
import type { ContactChannel, ContactOutcome } from "../../../shared/jobs";
import { contactAttemptText } from "../../../shared/pipeline-contact";
import { REFUND_REASON_LABELS } from "../../../shared/refunds";
import type { DocumentSummary } from "../../../shared/invoices";
import type { Lead, LeadPurchase, PurchaseRefund } from "../../../shared/schema";
import { jobPaid } from "../../../shared/job-paid";
import { declineReasonText } from "../../../shared/pipeline-jobs";
import { sydneyDayKey, sydneyMinuteKey } from "../../../shared/sydney-time";

const COLUMNS = [
  "Job Reference",
  "Purchase Date",
  "Customer Name",
  "Customer Phone",
  "Customer Email",
  "Customer Address",
  "Service Location",
  "Service Type",
  "Property Type",
  "Electrical Work",
  "Urgency",
  "Budget",
  "Sales Stage",
  "Sales Notes",
  "Quote Price",
  "Customer Payment Amount",
  "Lead Price Paid",
  "Payment Status",
  "Lead Score",
  "Archived",
  "Decline Reason",
  // The contact promise (docs/decisions/045-contact-promise.md, "Logging contact"), last so older sheets keep their columns.
  "Contact By",
  "First Contact",
  "Contact Attempts",
  // The purchase's refund row (docs/decisions/049-missed-promises-and-refunds.md), after them for the same reason.
  "Refund Amount",
  "Refund Reason",
  "Refunded At",
  // The job's documents (docs/decisions/051-quotes-and-tax-invoices.md), last for the same reason.
  "Quoted",
  "Invoiced",
  "Paid (recorded)",
  // Bought by one of the owner's standing orders (docs/decisions/065-auto-buy-screens.md), last for the same reason.
  "Auto-bought",
];

/** A purchase's contact promise and what was logged; a row without it (an old caller) leaves the cells empty. */
export interface ExportContact {
  contactBy: Date | null;
  firstContactAt: Date | null;
  attempts: Array<{ channel: ContactChannel; outcome: ContactOutcome; at: Date }>;
}

const minuteOrBlank = (at: Date | null | undefined) => (at ? sydneyMinuteKey(at) : null);
/** "2026-11-24 10:42 Call, no answer; 2026-11-24 11:05 SMS, reached", oldest first. */
const attemptsText = (contact: ExportContact | undefined) =>
  contact?.attempts.map((a) => `${sydneyMinuteKey(a.at)} ${contactAttemptText(a)}`).join("; ") ?? null;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, return) gets a leading
 * apostrophe (OWASP "CSV injection"): customer-typed text must never execute.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const exportFileName = (now: Date) => `purchased-leads-${sydneyDayKey(now)}.csv`;

/** A purchase's refund as its purchase_refunds row holds it. */
type ExportRefund = Pick<PurchaseRefund, "amount" | "reason" | "createdAt">;

/** The job's quoted, invoiced and paid figures (shared/invoices.ts DocumentSummary). */
type ExportDocuments = Pick<DocumentSummary, "quote" | "invoice" | "quoted" | "invoiced" | "paid">;

/**
 * `leadFees: false` (a team member whose owner keeps lead spend private, docs/decisions/087-lead-spend-private-from-the-team.md)
 * leaves the lead's price and its refund blank: the columns stay, so a sheet reads the same.
 */
export function purchasesToCsv(
  rows: Array<{ purchase: LeadPurchase; lead: Lead; contact?: ExportContact; refund?: ExportRefund | null; documents?: ExportDocuments | null }>,
  { leadFees = true }: { leadFees?: boolean } = {},
): string {
  const records = rows.map(({ purchase, lead, contact, documents, ...rest }) => {
    const refund = leadFees ? rest.refund : null;
    return [
      lead.jobReference,
      // "2025-11-22 01:30": the provider's own (Sydney) wall clock, sortable in a spreadsheet.
      sydneyMinuteKey(purchase.purchasedAt),
      lead.customerName,
      spacedAustralianPhone(lead.customerPhone),
      lead.customerEmail,
      lead.customerAddress,
      lead.serviceLocation,
      // Words, not wire codes (docs/decisions/032): "Within a week", "Not sure yet", "Paid" (shared/labels.ts).
      labelOf("serviceType", lead.serviceType),
      labelOf("propertyType", lead.propertyType),
      lead.electricalWork,
      labelOf("urgency", lead.urgency),
      labelOf("budgetRange", lead.budgetRange),
      labelOf("salesStage", purchase.salesStage),
      purchase.salesNotes,
      purchase.quotePrice,
      // What the customer paid, by the one rule Purchase History and Insights use (docs/decisions/080-what-a-job-was-paid.md).
      jobPaid({ documents, customerPaymentAmount: purchase.customerPaymentAmount }),
      leadFees ? purchase.amountPaid : null,
      labelOf("paymentStatus", purchase.paymentStatus),
      String(lead.leadScore),
      purchase.isArchived ? "yes" : "no",
      // The reason in words ("Other: went with a mate"), as the card shows it (docs/decisions/032).
      declineReasonText(purchase.declineReason, purchase.declineNote),
      // Sydney's wall clock like Purchase Date, so one sheet reads on one clock.
      minuteOrBlank(contact?.contactBy),
      minuteOrBlank(contact?.firstContactAt),
      attemptsText(contact),
      refund?.amount,
      refund ? REFUND_REASON_LABELS[refund.reason] : null,
      minuteOrBlank(refund?.createdAt),
      documents?.quoted,
      documents?.invoiced,
      documents?.paid,
      purchase.autoBuyOrderId != null ? "yes" : "no",
    ].map((cell) => neutraliseFormula(cell ?? ""));
  });
  // A BOM so Excel reads UTF-8 names (accents, apostrophes) correctly.
  return "\uFEFF" + stringify([COLUMNS, ...records], { record_delimiter: "\r\n" });
}
