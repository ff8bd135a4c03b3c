// A job's quotes and invoices in full, under the card's Details (docs/decisions/051, 052, 057):
// the open quote's lines and who accepted it, its deposit and the payments of it, and each
// invoice with its payments (online ones as such, refunds, Refund). Older quotes by number and state.
import { useState } from "react";
import type { Invoice } from "@shared/invoices";
import { QUOTE_STATUS_LABELS, type Quote } from "@shared/quotes";
import { DocumentLines, InvoiceLines, TotalsRow } from "@/components/documents/DocumentLines";
import { formatDayKey } from "@/components/documents/day-key";
import { Button } from "@/components/ui/button";
import { formatMoney, formatSydneyDateTime } from "@/lib/format";
import { toCents } from "@shared/pricing";
import { useJobDocuments } from "../api/job-documents";
import { PaymentDialog } from "./DocumentDialogs";
import { DocumentPayments } from "./DocumentPayments";

export function DocumentDetails({ purchaseId }: { purchaseId: number }) {
  const documents = useJobDocuments(purchaseId, true);
  if (documents.isError) return <p className="text-sm text-red-700">Could not load the documents. Close Details and try again.</p>;
  if (!documents.data)
    return <div role="status" aria-label="Loading documents" className="h-24 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />;
  const [latest, ...older] = documents.data.quotes;
  return (
    <div className="grid gap-4" data-testid="document-details">
      {documents.data.invoices.map((invoice) => (
        <InvoiceDetails key={invoice.id} purchaseId={purchaseId} invoice={invoice} />
      ))}
      {latest && <QuoteDetails purchaseId={purchaseId} quote={latest} />}
      {older.length > 0 && (
        <ul className="text-sm text-slate-600">
          {older.map((q) => (
            <li key={q.id}>
              Quote {q.number}: {QUOTE_STATUS_LABELS[q.status]}, {formatMoney(q.total)}, sent {formatSydneyDateTime(q.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function QuoteDetails({ purchaseId, quote }: { purchaseId: number; quote: Quote }) {
  const [recording, setRecording] = useState(false);
  const depositOwing = toCents(quote.deposit) - toCents(quote.depositPaid);
  return (
    <article className="rounded-lg bg-white p-3" aria-label={`Quote ${quote.number}`}>
      <h4 className="font-semibold text-slate-900">
        Quote {quote.number} · {QUOTE_STATUS_LABELS[quote.status]}
      </h4>
      <p className="text-xs text-slate-600">
        Sent {formatSydneyDateTime(quote.createdAt)} · valid until {formatDayKey(quote.validUntil)}
      </p>
      {quote.acceptance && (
        <p className="mt-1 text-sm text-green-800">
          Accepted by “{quote.acceptance.signatureName}” on {formatSydneyDateTime(quote.acceptance.acceptedAt)}
        </p>
      )}
      {quote.decline && (
        <p className="mt-1 text-sm text-red-800">
          Declined on {formatSydneyDateTime(quote.decline.declinedAt)}
          {quote.decline.note ? `: “${quote.decline.note}”` : ""}
        </p>
      )}
      <DocumentLines
        className="mt-2"
        lines={quote.items}
        totals={quote}
        gstRegistered={quote.seller.gstRegistered}
        extra={
          toCents(quote.deposit) > 0 && (
            <>
              <TotalsRow label="Deposit asked" amount={quote.deposit} />
              <TotalsRow label="Deposit paid" amount={quote.depositPaid} />
            </>
          )
        }
      />
      <DocumentPayments purchaseId={purchaseId} payments={quote.payments} label={`Deposit payments on quote ${quote.number}`} />
      {quote.notes && <p className="mt-2 text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-700">{quote.notes}</p>}
      {quote.status === "accepted" && depositOwing > 0 && (
        <Button variant="outline" className="mt-2" onClick={() => setRecording(true)}>
          Record deposit
        </Button>
      )}
      {recording && (
        <PaymentDialog
          purchaseId={purchaseId}
          target={{ kind: "quote", id: quote.id }}
          owing={(depositOwing / 100).toFixed(2)}
          title={`Record the deposit on ${quote.number}`}
          onOpenChange={(open) => !open && setRecording(false)}
        />
      )}
    </article>
  );
}

function InvoiceDetails({ purchaseId, invoice }: { purchaseId: number; invoice: Invoice }) {
  return (
    <article className="rounded-lg bg-white p-3" aria-label={`Invoice ${invoice.number}`}>
      <h4 className="font-semibold text-slate-900">
        {invoice.title} {invoice.number}
        {invoice.status === "void" && <span className="ml-2 text-red-700">VOID</span>}
      </h4>
      <p className="text-xs text-slate-600">
        Issued {formatSydneyDateTime(invoice.issuedAt)} · due {formatDayKey(invoice.dueAt)}
      </p>
      {invoice.voidReason && <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-700">Void: {invoice.voidReason}</p>}
      <InvoiceLines className="mt-2" invoice={invoice} />
      <DocumentPayments purchaseId={purchaseId} payments={invoice.payments} label={`Payments on invoice ${invoice.number}`} />
      <a className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline" href={invoice.pdfUrl} target="_blank" rel="noopener">
        Download PDF of {invoice.number}
      </a>
    </article>
  );
}
