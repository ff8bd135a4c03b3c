// A quote's or an invoice's lines and totals as the server sent them, read the same on the
// electrician's card and the customer's job page. The screen shows money, never computes it:
// every figure here is one the server decided (docs/product.md, "Money after the sale").
import type { ReactNode } from "react";
import { formatMoney } from "@shared/format";
import { toCents } from "@shared/pricing";
import { cn } from "@/lib/utils";

export interface ShownLine {
  description: string;
  quantity: string | number;
  unitPrice: string;
  gstFree?: boolean;
  /** The line's amount as the server worked it out; the caller supplies it when the wire has none. */
  amount: string;
}

export interface ShownTotals {
  subtotal: string;
  gst: string;
  total: string;
}

/** "2", "1.5": quantities without trailing zeros. */
const quantityText = (quantity: string | number) => String(Number(quantity));

/**
 * The lines as a list at every width (the description on its own lines, wrapping; then
 * "2 × $90.00" and the amount): a table's columns squeeze a long description into a sliver on a
 * phone. GST-free lines say so, as the ATO asks when some
 * lines are (docs/decisions/052).
 */
export function DocumentLines({
  lines,
  totals,
  gstRegistered,
  extra,
  className,
}: {
  lines: readonly ShownLine[];
  totals: ShownTotals;
  gstRegistered: boolean;
  /** Rows under the total: deposit, paid, balance. */
  extra?: ReactNode;
  className?: string;
}) {
  const someFree = gstRegistered && lines.some((l) => l.gstFree);
  return (
    <div className={cn("text-sm", className)}>
      <ul aria-label="Lines" className="divide-y divide-slate-100 border-y border-slate-200">
        {lines.map((line, i) => (
          <li key={i} className="py-2">
            <p className="[overflow-wrap:anywhere] whitespace-pre-line text-slate-900">
              {line.description}
              {someFree && line.gstFree && <span className="ml-1 text-xs font-semibold text-slate-600">(GST-free)</span>}
            </p>
            <p className="mt-0.5 flex justify-between gap-3 tabular-nums">
              <span className="text-slate-600">
                {quantityText(line.quantity)} × {formatMoney(line.unitPrice)}
              </span>
              <span className="font-medium text-slate-900">{formatMoney(line.amount)}</span>
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
        <dt className="text-slate-600">Subtotal{gstRegistered ? " (ex GST)" : ""}</dt>
        <dd className="text-right">{formatMoney(totals.subtotal)}</dd>
        {gstRegistered && (
          <>
            <dt className="text-slate-600">GST</dt>
            <dd className="text-right">{formatMoney(totals.gst)}</dd>
          </>
        )}
        <dt className="font-bold text-slate-900">Total{gstRegistered ? " (inc GST)" : ""}</dt>
        <dd className="text-right text-base font-bold text-slate-900">{formatMoney(totals.total)}</dd>
        {extra}
      </dl>
    </div>
  );
}

/** One more row under a document's total ("Deposit due", "Balance due"). */
export function TotalsRow({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? "font-bold text-slate-900" : "text-slate-600"}>{label}</dt>
      <dd className={cn("text-right", strong && "font-bold text-slate-900")}>{formatMoney(amount)}</dd>
    </>
  );
}

/** What an invoice's lines need, on the customer's page and on the electrician's card alike. */
export interface ShownInvoice extends ShownTotals {
  items: ShownLine[];
  seller: { gstRegistered: boolean };
  depositPaid: string;
  paid: string;
  balanceDue: string;
}

/** An invoice's lines and totals, then what was paid and what is still due. */
export function InvoiceLines({ invoice, className }: { invoice: ShownInvoice; className?: string }) {
  return (
    <DocumentLines
      className={className}
      lines={invoice.items}
      totals={invoice}
      gstRegistered={invoice.seller.gstRegistered}
      extra={
        <>
          {toCents(invoice.depositPaid) > 0 && <TotalsRow label="Deposit paid" amount={invoice.depositPaid} />}
          {toCents(invoice.paid) > 0 && <TotalsRow label="Paid" amount={invoice.paid} />}
          <TotalsRow label="Balance due" amount={invoice.balanceDue} strong />
        </>
      }
    />
  );
}
