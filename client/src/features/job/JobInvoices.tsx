// The job's invoices on the customer's job page (docs/decisions/051-quotes-and-tax-invoices.md,
// 054-quote-and-invoice-screens.md): each with its lines, GST, what is paid and the balance due
// by its due day, "Pay $X now" when the electrician takes payments online (docs/decisions/057),
// their bank details for EFT when they gave them, and the PDF. A void invoice stays listed, marked void. The buyer's name is left to the PDF: the page can be
// forwarded, and shows no more of the customer than it must.
import { CheckCircle2, FileDown } from "lucide-react";
import type { JobInvoice } from "@shared/invoices";
import { formatMoney } from "@shared/format";
import { InvoiceLines } from "@/components/documents/DocumentLines";
import { formatDayKey } from "@/components/documents/day-key";
import { EftDetails } from "./EftDetails";
import { formatJobDate } from "./job-format";
import { DemoPaid, PaymentFailedNotice, PayOnline } from "./JobPayment";

const STATUS_TEXT: Record<JobInvoice["status"], string> = { issued: "Unpaid", part_paid: "Part paid", paid: "Paid", void: "Void" };
const STATUS_TONE: Record<JobInvoice["status"], string> = {
  issued: "bg-amber-100 text-amber-900",
  part_paid: "bg-amber-100 text-amber-900",
  paid: "bg-green-100 text-green-800",
  void: "bg-slate-200 text-slate-700",
};

export function JobInvoices({ token, invoices, state }: { token: string; invoices: readonly JobInvoice[]; state: string | null }) {
  if (invoices.length === 0) return null;
  return (
    <div className="space-y-4">
      {invoices.map((invoice) => (
        <InvoiceCard key={invoice.id} token={token} invoice={invoice} state={state} />
      ))}
    </div>
  );
}

function InvoiceCard({ token, invoice, state }: { token: string; invoice: JobInvoice; state: string | null }) {
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
          <InvoiceLines className="mt-3" invoice={invoice} />
          {open && (
            <p className="mt-3 text-base font-semibold text-slate-900" data-testid="invoice-due">
              {formatMoney(invoice.balanceDue)} due by {formatDayKey(invoice.dueAt)}
            </p>
          )}
          <PaymentFailedNotice failed={invoice.paymentFailed} />
          <PayOnline
            token={token}
            target={{ kind: "invoice", invoiceId: invoice.id }}
            amount={invoice.balanceDue}
            what="invoice"
            canStart={invoice.actions.includes("pay")}
            paid={invoice.status === "paid"}
          />
          {invoice.eft && <EftDetails eft={invoice.eft} />}
          {invoice.status === "paid" && (
            <p className="mt-3 flex items-start gap-1.5 font-semibold text-green-800" role="status">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
              <span>Paid in full. Thank you.</span>
            </p>
          )}
          {invoice.status === "paid" && <DemoPaid payments={invoice.payments} what="invoice" />}
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
