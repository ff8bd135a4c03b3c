// The job's invoices on the customer's job page (docs/decisions/051-quotes-and-tax-invoices.md,
// 054-quote-and-invoice-screens.md): each with its lines, GST, what is paid and the balance due
// by its due day, the electrician's bank details for EFT when they gave them, and the PDF. A
// void invoice stays listed, marked void. The buyer's name is left to the PDF: the page can be
// forwarded, and shows no more of the customer than it must.
import { FileDown } from "lucide-react";
import type { JobInvoice } from "@shared/invoices";
import { formatMoney } from "@shared/format";
import { toCents } from "@shared/pricing";
import { DocumentLines, TotalsRow } from "@/components/documents/DocumentLines";
import { formatDayKey } from "@/components/documents/day-key";
import { formatJobDate } from "./job-format";

const STATUS_TEXT: Record<JobInvoice["status"], string> = { issued: "Unpaid", part_paid: "Part paid", paid: "Paid", void: "Void" };
const STATUS_TONE: Record<JobInvoice["status"], string> = {
  issued: "bg-amber-100 text-amber-900",
  part_paid: "bg-amber-100 text-amber-900",
  paid: "bg-green-100 text-green-800",
  void: "bg-slate-200 text-slate-700",
};

/** "062-000", as banks print a BSB (the same as shared/business.ts, written here to keep Zod off the page). */
const bsbText = (bsb: string) => bsb.replace(/^(\d{3})(\d{3})$/, "$1-$2");

export function JobInvoices({ invoices, state }: { invoices: readonly JobInvoice[]; state: string | null }) {
  if (invoices.length === 0) return null;
  return (
    <div className="space-y-4">
      {invoices.map((invoice) => (
        <InvoiceCard key={invoice.id} invoice={invoice} state={state} />
      ))}
    </div>
  );
}

function InvoiceCard({ invoice, state }: { invoice: JobInvoice; state: string | null }) {
  const headingId = `invoice-${invoice.id}-heading`;
  const open = invoice.status === "issued" || invoice.status === "part_paid";
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white p-5 shadow-sm ${invoice.status === "void" ? "border-slate-200 opacity-80" : "border-slate-200"}`}
      data-testid="job-invoice"
      data-invoice-status={invoice.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {invoice.title} {invoice.number}
        </h2>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[invoice.status]}`}>{STATUS_TEXT[invoice.status]}</span>
      </div>
      <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-600">
        From {invoice.seller.businessName ?? "your electrician"}
        {invoice.seller.abn ? ` · ABN ${invoice.seller.abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3 $4")}` : ""} · issued{" "}
        {formatJobDate(invoice.issuedAt, state)}
      </p>
      {invoice.status === "void" ? (
        <p className="mt-2 text-sm text-slate-700">This invoice was cancelled{invoice.voidReason ? `: ${invoice.voidReason}` : ""}. Nothing is owed on it.</p>
      ) : (
        <>
          <DocumentLines
            className="mt-3"
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
          {open && (
            <p className="mt-3 text-base font-semibold text-slate-900" data-testid="invoice-due">
              {formatMoney(invoice.balanceDue)} due by {formatDayKey(invoice.dueAt)}
            </p>
          )}
          {open && invoice.bank && (
            <div className="mt-3 rounded-xl bg-slate-50 p-3 text-sm" data-testid="invoice-eft">
              <p className="font-semibold text-slate-900">Pay by bank transfer</p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 tabular-nums">
                <dt className="text-slate-600">Account name</dt>
                <dd className="[overflow-wrap:anywhere]">{invoice.seller.businessName ?? "—"}</dd>
                <dt className="text-slate-600">BSB</dt>
                <dd>{bsbText(invoice.bank.bsb)}</dd>
                <dt className="text-slate-600">Account</dt>
                <dd>{invoice.bank.account}</dd>
                <dt className="text-slate-600">Reference</dt>
                <dd>{invoice.number}</dd>
              </dl>
            </div>
          )}
          {invoice.status === "paid" && <p className="mt-3 text-sm font-medium text-green-800">Paid in full. Thank you.</p>}
        </>
      )}
      <a
        href={invoice.pdfUrl}
        target="_blank"
        rel="noopener"
        className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
      >
        <FileDown className="size-4" aria-hidden /> Download {invoice.title.toLowerCase()} (PDF)
      </a>
    </section>
  );
}
