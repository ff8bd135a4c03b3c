import { Pencil } from "lucide-react";
import { historyTotals, isRefunded, refundOf } from "@shared/history-totals";
import { labelOf } from "@shared/labels";
import type { PurchasedLead } from "@shared/pipeline";
import { Button } from "@/components/ui/button";
import { formatMoney, formatSydneyDate } from "@/lib/format";
import { cn } from "@/lib/utils";

const COLUMNS: { label: string; className?: string }[] = [
  { label: "Purchased" },
  { label: "Job" },
  { label: "Customer" },
  { label: "Electrical work" },
  { label: "Location · urgency" },
  { label: "Paid", className: "text-right" },
  { label: "Status" },
];

/** docs/product.md section 2 "Purchase History": what was bought, when, for how much, with totals. */
export function PurchaseHistory({ purchases, onEdit }: { purchases: PurchasedLead[]; onEdit: (p: PurchasedLead) => void }) {
  if (purchases.length === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500">No purchase history yet</p>;
  // Refunded purchases are marked and left out of the total; refunds get their own line (032).
  const totals = historyTotals(purchases);
  return (
    // relative: the screen-reader-only texts (position: absolute) stay inside the scrolling box
    // instead of widening the page (docs/decisions/032: the page was 1,090 px wide at 390 px).
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Purchase history</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-500">
          <tr>
            {COLUMNS.map(({ label, className }) => (
              <th key={label} scope="col" className={cn("px-3 py-2", className)}>
                {label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {purchases.map((p) => (
            <tr key={p.id}>
              <td className="whitespace-nowrap px-3 py-2">{formatSydneyDate(p.purchasedAt)}</td>
              <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{p.lead.jobReference}</td>
              <td className="max-w-48 px-3 py-2 break-words">{p.lead.customerName}</td>
              <td className="max-w-64 truncate px-3 py-2" title={p.lead.electricalWork}>
                {p.lead.electricalWork}
              </td>
              <td className="px-3 py-2">
                {p.lead.suburb ?? p.lead.serviceLocation} · {labelOf("urgency", p.lead.urgency)}
              </td>
              {isRefunded(p) ? (
                <td className="whitespace-nowrap px-3 py-2 text-right" data-testid="history-refunded-amount">
                  <s className="text-slate-500">{formatMoney(p.amountPaid)}</s>
                  <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Refunded {formatMoney(refundOf(p))}</span>
                </td>
              ) : (
                <td className="whitespace-nowrap px-3 py-2 text-right" data-testid="history-amount">
                  {formatMoney(p.amountPaid)}
                </td>
              )}
              <td className="px-3 py-2">{labelOf("salesStage", p.salesStage)}</td>
              <td className="px-3 py-2">
                <Button variant="ghost" size="sm" aria-label={`Edit ${p.lead.jobReference}`} onClick={() => onEdit(p)}>
                  <Pencil />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="bg-slate-50 font-semibold">
          {totals.refundCount > 0 && (
            <tr className="font-normal text-slate-600">
              <td className="px-3 py-2" colSpan={5}>
                Refunded ({totals.refundCount}) · not in the total
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right" data-testid="history-refunds">
                {formatMoney(totals.refunded)}
              </td>
              <td colSpan={2} />
            </tr>
          )}
          <tr>
            <td className="px-3 py-2" colSpan={5}>
              {purchases.length} {purchases.length === 1 ? "lead" : "leads"} · customer payments {formatMoney(totals.customerPayments)}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right" data-testid="history-total">
              {formatMoney(totals.paid)}
            </td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
