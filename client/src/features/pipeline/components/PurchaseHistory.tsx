import { disputeLine } from "@shared/disputes";
import { FileText, Pencil } from "lucide-react";
import { historyTotals, isRefunded, newestPurchaseFirst, refundOf } from "@shared/history-totals";
import { jobPaid } from "@shared/job-paid";
import { labelOf } from "@shared/labels";
import { REFUND_REASON_LABELS } from "@shared/refunds";
import { LOST_MISSED_PROMISE_LABEL, MISSED_PROMISE_RELEASE } from "@shared/job-aftercare";
import { adjustmentNotePath, hasTaxInvoice, taxInvoicePath } from "@shared/lead-invoices";
import type { PurchasedLead } from "@shared/pipeline";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/lib/auth";
import { can } from "@shared/policy";
import { formatMoney, formatSydneyDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { MonthlyStatement } from "./MonthlyStatement";

// On a phone (below `sm`) each row is a card: the table's cells are laid on a two-column
// grid, so the amount, the edit button and the totals stay on screen with no sideways scroll
// (docs/decisions/038). From `sm` up it is the table, scrolling inside itself if need be.
const COLUMNS: { label: string; className?: string }[] = [
  { label: "Purchased" },
  { label: "Job" },
  { label: "Customer" },
  { label: "Electrical work" },
  { label: "Location · urgency" },
  { label: "Paid", className: "text-right" },
  { label: "Status" },
  { label: "Tax documents" },
];
const CELL = "sm:px-3 sm:py-2 max-sm:block";
/** The columns a team member does not see when their owner keeps lead spend private (docs/decisions/087-lead-spend-private-from-the-team.md). */
const LEAD_SPEND_COLUMNS = ["Paid", "Tax documents"];
// Nowrap on a phone's card; in the desktop table "Adjustment note" may take two lines, so the row fits 1280 px.
const DOCUMENT_LINK =
  "inline-flex min-h-11 items-center gap-1 rounded-lg px-1 font-medium text-brand-700 underline-offset-2 hover:underline max-sm:whitespace-nowrap";
const DOCUMENT_ICON = "size-4 shrink-0 sm:max-2xl:hidden";

/** Our tax invoice for the lead fee, and the adjustment note of its refund (docs/decisions/053-tax-documents-pdf.md). */
function TaxDocuments({ purchase: p }: { purchase: PurchasedLead }) {
  if (!hasTaxInvoice(p)) return Number(p.amountPaid) > 0 ? null : <span className="text-xs text-slate-500">No tax invoice ($0)</span>;
  return (
    // Stacked in the desktop table, so the column is as wide as one link; side by side on a phone's card.
    <span className="flex flex-wrap gap-x-3 sm:flex-col">
      <a href={taxInvoicePath(p.id)} download className={DOCUMENT_LINK} data-testid="history-tax-invoice">
        <FileText className={DOCUMENT_ICON} aria-hidden />
        Tax invoice<span className="sr-only"> for {p.lead.jobReference}</span>
      </a>
      {isRefunded(p) && (
        <a href={adjustmentNotePath(p.id)} download className={DOCUMENT_LINK} data-testid="history-adjustment-note">
          <FileText className={DOCUMENT_ICON} aria-hidden />
          Adjustment note<span className="sr-only"> for {p.lead.jobReference}</span>
        </a>
      )}
    </span>
  );
}

/**
 * The job's own money (docs/decisions/051-quotes-and-tax-invoices.md): what its documents quoted
 * and invoiced, and what the customer paid by the one rule (docs/decisions/080-what-a-job-was-paid.md).
 */
function JobMoney({ purchase: p }: { purchase: PurchasedLead }) {
  const { quoted, invoiced } = p.documents;
  // The one rule of what the customer paid (shared/job-paid.ts), which the total below adds up.
  const paid = jobPaid(p);
  const figures = [quoted && `Quoted ${formatMoney(quoted)}`, invoiced && `Invoiced ${formatMoney(invoiced)}`, paid && `Paid ${formatMoney(paid)}`].filter(
    Boolean,
  );
  if (figures.length === 0) return null;
  return (
    <span className="block text-xs text-slate-600" data-testid="history-job-money">
      {figures.join(" · ")}
    </span>
  );
}

/** docs/product.md section 2 "Purchase History": what was bought, when, for how much, with totals. */
export function PurchaseHistory({ purchases, onEdit }: { purchases: PurchasedLead[]; onEdit: (p: PurchasedLead) => void }) {
  // A team member whose owner keeps lead spend private sees the jobs, not the lead fees, tax invoices or
  // statement: the server refuses those to them (docs/decisions/087-lead-spend-private-from-the-team.md).
  const showsLeadSpend = can(useCurrentUser().user, "seeLeadSpend");
  if (purchases.length === 0)
    return (
      <div className="space-y-3">
        {showsLeadSpend && <MonthlyStatement />}
        <p className="rounded-xl border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500">No purchase history yet</p>
      </div>
    );
  // Refunded purchases are marked and left out of the total; refunds get their own line (032).
  const totals = historyTotals(purchases);
  return (
    // relative: the screen-reader-only texts (position: absolute) stay inside the scrolling box
    // instead of widening the page (docs/decisions/032: the page was 1,090 px wide at 390 px).
    <div className="space-y-3">
      {showsLeadSpend && <MonthlyStatement />}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm max-sm:block sm:min-w-[820px]">
          <caption className="sr-only">Purchase history</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-500 max-sm:hidden">
            <tr>
              {COLUMNS.filter(({ label }) => showsLeadSpend || !LEAD_SPEND_COLUMNS.includes(label)).map(({ label, className }) => (
                <th key={label} scope="col" className={cn("px-3 py-2", className)}>
                  {label}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Edit</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-sm:block">
            {newestPurchaseFirst(purchases).map((p) => (
              <tr
                key={p.id}
                data-testid="history-entry"
                data-job-reference={p.lead.jobReference}
                className="max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:p-3"
              >
                <td className={cn(CELL, "whitespace-nowrap max-sm:row-start-1 max-sm:font-medium")}>{formatSydneyDate(p.purchasedAt)}</td>
                <td className={cn(CELL, "whitespace-nowrap font-mono text-xs max-sm:col-span-2 max-sm:row-start-2 max-sm:text-slate-500")}>
                  {p.lead.jobReference}
                  {/* docs/decisions/065-auto-buy-screens.md: bought by a standing order. */}
                  {p.autoBought && (
                    <span className="ml-2 font-sans sm:mt-1 sm:ml-0 sm:block" data-testid="history-auto-bought">
                      <Badge tone="blue">Auto-bought</Badge>
                    </span>
                  )}
                  {/* docs/decisions/093-disputes.md: a chargeback of the purchase. */}
                  {p.dispute && (
                    <span className="mt-1 block font-sans whitespace-normal" data-testid="history-dispute">
                      <Badge tone={p.dispute.status === "lost" ? "red" : "amber"}>{disputeLine(p.dispute)}</Badge>
                    </span>
                  )}
                </td>
                <td className={cn(CELL, "break-words max-sm:col-span-2 max-sm:row-start-3 max-sm:[overflow-wrap:anywhere] max-sm:font-semibold sm:max-w-48")}>
                  {p.lead.customerName}
                </td>
                <td
                  className={cn(CELL, "max-sm:col-span-2 max-sm:row-start-4 max-sm:line-clamp-3 sm:max-w-40 sm:truncate 2xl:max-w-64")}
                  title={p.lead.electricalWork}
                >
                  {p.lead.electricalWork}
                </td>
                <td className={cn(CELL, "max-sm:col-span-2 max-sm:row-start-5 max-sm:text-slate-600")}>
                  {p.lead.suburb ?? p.lead.serviceLocation} · {labelOf("urgency", p.lead.urgency)}
                </td>
                {!showsLeadSpend ? null : isRefunded(p) ? (
                  <td className={cn(CELL, "whitespace-nowrap text-right max-sm:col-start-2 max-sm:row-start-1")} data-testid="history-refunded-amount">
                    <s className="text-slate-500">{formatMoney(p.amountPaid)}</s>
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Refunded {formatMoney(refundOf(p))}</span>
                    {/* Why and when, from the purchase's refund row (docs/decisions/049). */}
                    {p.refund && (
                      <span className="block text-xs text-slate-500" data-testid="history-refund-reason">
                        {REFUND_REASON_LABELS[p.refund.reason]} · {formatSydneyDate(p.refund.at)}
                      </span>
                    )}
                  </td>
                ) : (
                  <td
                    className={cn(CELL, "whitespace-nowrap text-right max-sm:col-start-2 max-sm:row-start-1 max-sm:font-semibold")}
                    data-testid="history-amount"
                  >
                    {formatMoney(p.amountPaid)}
                  </td>
                )}
                <td className={cn(CELL, "max-sm:row-start-6")} data-testid="history-status">
                  {p.releaseReason === MISSED_PROMISE_RELEASE ? LOST_MISSED_PROMISE_LABEL : labelOf("salesStage", p.salesStage)}
                  <JobMoney purchase={p} />
                </td>
                {showsLeadSpend && (
                  <td className={cn(CELL, "max-sm:col-span-2 max-sm:row-start-7")}>
                    <TaxDocuments purchase={p} />
                  </td>
                )}
                <td className={cn(CELL, "max-sm:col-start-2 max-sm:row-start-6 max-sm:text-right")}>
                  {/* A lost job is nobody's to edit: it is no longer this buyer's (docs/decisions/049). */}
                  {p.releaseReason !== MISSED_PROMISE_RELEASE && (
                    <Button variant="ghost" size="sm" aria-label={`Edit ${p.lead.jobReference}`} onClick={() => onEdit(p)}>
                      <Pencil />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="bg-slate-50 font-semibold max-sm:block max-sm:border-t max-sm:border-slate-200">
            {showsLeadSpend && totals.refundCount > 0 && (
              <tr className="font-normal text-slate-600 max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:px-3 max-sm:pt-2">
                <td className="sm:px-3 sm:py-2" colSpan={5}>
                  Refunded ({totals.refundCount}) · not in the total
                </td>
                <td className="whitespace-nowrap text-right sm:px-3 sm:py-2" data-testid="history-refunds">
                  {formatMoney(totals.refunded)}
                </td>
                <td colSpan={3} className="max-sm:hidden" />
              </tr>
            )}
            <tr className="max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:p-3">
              <td className="sm:px-3 sm:py-2" colSpan={5}>
                {purchases.length} {purchases.length === 1 ? "lead" : "leads"} · customer payments {formatMoney(totals.customerPayments)} incl. GST
              </td>
              {showsLeadSpend && (
                <td className="whitespace-nowrap text-right sm:px-3 sm:py-2" data-testid="history-total">
                  {formatMoney(totals.paid)}
                </td>
              )}
              <td colSpan={showsLeadSpend ? 3 : 2} className="max-sm:hidden" />
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
