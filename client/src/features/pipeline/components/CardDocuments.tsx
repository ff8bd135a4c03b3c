// The job's quote and invoice on its card (docs/decisions/051-quotes-and-tax-invoices.md,
// 054-quote-and-invoice-screens.md): where each stands, and the next thing to do with it:
// write or replace the quote, invoice the accepted one, record a payment, void, open the PDF.
// The summary rides on the card's row; the lines and payments load when Details opens.
import { ChevronDown, FilePlus2, FileText, ReceiptText, Wallet } from "lucide-react";
import { useState } from "react";
import { INVOICE_STATUS_LABELS, type DocumentSummary } from "@shared/invoices";
import type { PurchasedLead } from "@shared/pipeline";
import { declineReasonText } from "@shared/pipeline-jobs";
import { QUOTE_STATUS_LABELS, type QuoteStatus } from "@shared/quotes";
import { formatDayKey } from "@/components/documents/day-key";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatMoney, formatSydneyDateTime } from "@/lib/format";
import { DocumentDetails } from "./DocumentDetails";
import { CreateInvoiceDialog, PaymentDialog, VoidInvoiceDialog } from "./DocumentDialogs";
import { QuoteBuilder } from "./QuoteBuilder";

const QUOTE_TONES: Record<QuoteStatus, Tone> = { sent: "blue", accepted: "green", declined: "red", superseded: "slate", expired: "amber" };
const INVOICE_TONES = { issued: "blue", part_paid: "amber", paid: "green", void: "slate" } as const satisfies Record<string, Tone>;

type Open = "builder" | "invoice" | "payment" | "void" | null;

/** The PDF of an invoice, as the electrician downloads it (GET /api/invoices/:id/pdf). */
export const invoicePdfPath = (invoiceId: number) => `/api/invoices/${invoiceId}/pdf`;

export function CardDocuments({ purchase, userId }: { purchase: PurchasedLead; userId: number }) {
  const [open, setOpen] = useState<Open>(null);
  const [details, setDetails] = useState(false);
  const { quote, invoice, paymentFailed }: DocumentSummary = purchase.documents ?? {
    quote: null,
    invoice: null,
    quoted: null,
    invoiced: null,
    paid: null,
    paymentFailed: null,
  };
  const liveInvoice = invoice && invoice.status !== "void" ? invoice : null;
  const paid = purchase.salesStage === "invoice_paid";
  // A new quote replaces the open one; once invoiced or paid the job takes none (the server refuses too).
  const mayQuote = !liveInvoice && !paid;
  const mayInvoice = quote?.status === "accepted" && !liveInvoice;
  const mayRecord = liveInvoice && (liveInvoice.status === "issued" || liveInvoice.status === "part_paid");
  const close = (next: boolean) => !next && setOpen(null);

  return (
    <section
      aria-label={`Quote and invoice for ${purchase.lead.jobReference}`}
      className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3"
      data-testid="card-documents"
    >
      {quote && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="card-quote">
          <FileText className="size-4 text-slate-500" aria-hidden />
          <span className="font-semibold text-slate-900">Quote {quote.number}</span>
          <Badge tone={QUOTE_TONES[quote.status]}>{QUOTE_STATUS_LABELS[quote.status]}</Badge>
          <span className="tabular-nums">{formatMoney(quote.total)}</span>
          {quote.status === "sent" && <span className="text-slate-600">valid until {formatDayKey(quote.validUntil)}</span>}
          {quote.status === "declined" && purchase.declineReason && (
            <span className="basis-full [overflow-wrap:anywhere] text-slate-700">
              Reason: {declineReasonText(purchase.declineReason, purchase.declineNote)}
            </span>
          )}
        </div>
      )}
      {invoice && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="card-invoice">
          <ReceiptText className="size-4 text-slate-500" aria-hidden />
          <span className="font-semibold text-slate-900">Invoice {invoice.number}</span>
          <Badge tone={INVOICE_TONES[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Badge>
          <span className="tabular-nums">{formatMoney(invoice.total)}</span>
          {(invoice.status === "issued" || invoice.status === "part_paid") && (
            <span className="text-slate-600">
              {formatMoney(invoice.balanceDue)} due {formatDayKey(invoice.dueAt)}
            </span>
          )}
        </div>
      )}
      {/* The customer's last online payment did not go through; their job page says so too (docs/decisions/093-disputes.md). */}
      {paymentFailed && (
        <p className="text-sm text-red-800" data-testid="card-payment-failed">
          The customer&apos;s payment on {formatSydneyDateTime(paymentFailed.at)} did not go through. {paymentFailed.message}
        </p>
      )}
      {!quote && !invoice && <p className="text-sm text-slate-600">No quote yet. Send one and the customer can accept it from their job page.</p>}

      <div className="flex flex-wrap gap-2">
        {mayQuote && (
          <Button variant={quote ? "outline" : "default"} onClick={() => setOpen("builder")}>
            <FilePlus2 aria-hidden /> {quote ? "New quote" : "Write quote"}
          </Button>
        )}
        {mayInvoice && (
          <Button onClick={() => setOpen("invoice")}>
            <ReceiptText aria-hidden /> Create invoice
          </Button>
        )}
        {mayRecord && (
          <Button onClick={() => setOpen("payment")}>
            <Wallet aria-hidden /> Record payment
          </Button>
        )}
        {liveInvoice && (
          <Button asChild variant="outline">
            <a href={invoicePdfPath(liveInvoice.id)} target="_blank" rel="noopener">
              <FileText aria-hidden /> Invoice PDF
            </a>
          </Button>
        )}
        {liveInvoice?.status === "issued" && (
          <Button variant="ghost" className="text-red-700" onClick={() => setOpen("void")}>
            Void
          </Button>
        )}
        {(quote || invoice) && (
          <Button variant="ghost" aria-expanded={details} onClick={() => setDetails((d) => !d)}>
            Details <ChevronDown className={details ? "rotate-180" : undefined} aria-hidden />
          </Button>
        )}
      </div>
      {details && <DocumentDetails purchaseId={purchase.id} />}

      {open === "builder" && <QuoteBuilder purchase={purchase} userId={userId} open onOpenChange={close} />}
      {open === "invoice" && quote && <CreateInvoiceDialog purchase={purchase} quote={quote} onOpenChange={close} />}
      {open === "payment" && liveInvoice && (
        <PaymentDialog
          purchaseId={purchase.id}
          target={{ kind: "invoice", id: liveInvoice.id }}
          owing={liveInvoice.balanceDue}
          title={`Record a payment on ${liveInvoice.number}`}
          onOpenChange={close}
        />
      )}
      {open === "void" && liveInvoice && <VoidInvoiceDialog purchaseId={purchase.id} invoice={liveInvoice} onOpenChange={close} />}
    </section>
  );
}
