// The electrician's quote on the customer's job page (docs/decisions/051-quotes-and-tax-invoices.md,
// 054-quote-and-invoice-screens.md): line by line with GST and the total, the deposit, the last
// day it is good for; Accept with the customer's typed name and a plain statement of what they
// accept, or Decline with a reason. The buttons show only while the server lists the action.
// Types only from the schemas: the job page's chunk carries no Zod (docs/decisions/047).
import { CheckCircle2, XCircle } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import type { JobView } from "@shared/jobs";
import type { JobQuote as Quote, QuoteDeclineReason } from "@shared/quotes";
import { formatMoney } from "@shared/format";
import { toCents } from "@shared/pricing";
import { DocumentLines, TotalsRow } from "@/components/documents/DocumentLines";
import { formatDayKey } from "@/components/documents/day-key";
import { Button } from "@/components/ui/button";
import { useAcceptQuote, useDeclineQuote } from "./api/quote-answer";
import { formatJobDate } from "./job-format";
import { QuoteDeposit } from "./QuoteDeposit";
import { ErrorLine, ReasonDialog } from "./ReasonDialog";

/** The shared reasons' words, written here so the page loads no schema module. */
const DECLINE_REASON_TEXT: Record<QuoteDeclineReason, string> = {
  price: "The price is more than I want to pay",
  timing: "The timing doesn't suit me",
  found_someone: "I found someone else",
  other: "Another reason",
};
/** What came of it, in the customer's own terms: "You declined this quote on 3 Mar 2026 because of the price." */
const DECLINED_BECAUSE: Record<QuoteDeclineReason, string> = {
  price: "because of the price",
  timing: "because of the timing",
  found_someone: "because you found someone else",
  other: "for another reason",
};
const NOTE_MAX = 300;

/** Once accepted the deposit is due, then paid (the server's figures: docs/decisions/057). */
const depositLabel = (quote: Quote) =>
  quote.status !== "accepted" ? "Deposit due on acceptance" : toCents(quote.depositPaid) >= toCents(quote.deposit) ? "Deposit (paid)" : "Deposit due";

const sellerOf = (quote: Quote, view: JobView) =>
  quote.seller.businessName ?? view.electrician?.businessName ?? view.electrician?.firstName ?? "Your electrician";

export function JobQuote({ token, view, quote }: { token: string; view: JobView; quote: Quote }) {
  const seller = sellerOf(quote, view);
  const open = view.actions.includes("accept_quote");
  const hasDeposit = toCents(quote.deposit) > 0;
  // Held here, not in the form: the form goes once the quote is accepted, and its answer may
  // carry the deposit's payment to take next (docs/decisions/057).
  const accept = useAcceptQuote(token, quote.id);
  return (
    <section
      aria-labelledby="quote-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="job-quote"
      data-quote-status={quote.status}
    >
      <h2 id="quote-heading" className="text-lg font-bold [overflow-wrap:anywhere] text-slate-900">
        Quote {quote.number} from {seller}
      </h2>
      <QuoteState quote={quote} view={view} />
      {/* The figure first: a long quote's total is otherwise a long scroll away. */}
      <p className="mt-3 text-slate-700" data-testid="quote-headline-total">
        <span className="text-2xl font-extrabold text-slate-900 tabular-nums">{formatMoney(quote.total)}</span>
        {quote.seller.gstRegistered ? " including GST" : ""}
        {hasDeposit ? `, ${formatMoney(quote.deposit)} deposit` : ""} · {quote.items.length} {quote.items.length === 1 ? "line" : "lines"}
      </p>
      <DocumentLines
        className="mt-3"
        lines={quote.items}
        totals={quote}
        gstRegistered={quote.seller.gstRegistered}
        extra={hasDeposit && <TotalsRow label={depositLabel(quote)} amount={quote.deposit} strong />}
      />
      {quote.notes && <p className="mt-3 rounded-xl bg-slate-50 p-3 text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-700">{quote.notes}</p>}
      {hasDeposit && quote.status === "accepted" && <QuoteDeposit token={token} quote={quote} started={accept.data?.payment} />}
      {open && <AcceptQuote accept={accept} quote={quote} seller={seller} />}
      {view.actions.includes("decline_quote") && <DeclineQuote token={token} quote={quote} seller={seller} />}
    </section>
  );
}

function QuoteState({ quote, view }: { quote: Quote; view: JobView }) {
  const line = "mt-1 text-sm";
  if (quote.status === "accepted" && quote.acceptance)
    return (
      <p className={`${line} flex items-start gap-1.5 font-medium text-green-800`} role="status" data-testid="quote-state">
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {/* Not the typed name: it is the customer's full name, and the page can be forwarded (docs/decisions/044). */}
          You accepted this quote on {formatJobDate(quote.acceptance.acceptedAt, view.state)} with your typed signature.
        </span>
      </p>
    );
  if (quote.status === "declined")
    return (
      <p className={`${line} text-slate-700`} role="status" data-testid="quote-state">
        You declined this quote
        {quote.decline ? ` on ${formatJobDate(quote.decline.declinedAt, view.state)} ${DECLINED_BECAUSE[quote.decline.reason]}` : ""}.
      </p>
    );
  if (quote.status === "expired")
    return (
      <p className={`${line} text-amber-800`} role="status" data-testid="quote-state">
        This quote was good until {formatDayKey(quote.validUntil)}. Ask your electrician for a new one.
      </p>
    );
  return (
    <p className={`${line} text-slate-600`} data-testid="quote-state">
      Good until {formatDayKey(quote.validUntil)}
    </p>
  );
}

/** The typed full name is the signature; the statement above the button says exactly what it accepts. */
function AcceptQuote({ accept, quote, seller }: { accept: ReturnType<typeof useAcceptQuote>; quote: Quote; seller: string }) {
  const [name, setName] = useState("");
  const [missing, setMissing] = useState(false);
  const nameId = useId();
  const statementId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) return setMissing(true);
    setMissing(false);
    accept.mutate({ signatureName: name.trim() });
  };
  const deposit = toCents(quote.deposit) > 0 ? `, and to pay a deposit of ${formatMoney(quote.deposit)} before the work starts` : "";
  return (
    <form onSubmit={submit} noValidate className="mt-5 border-t border-slate-200 pt-4" data-testid="accept-quote">
      <h3 className="text-base font-bold text-slate-900">Accept this quote</h3>
      <p id={statementId} className="mt-1 text-sm text-slate-700" data-testid="accept-statement">
        By typing your full name and tapping Accept, you agree to {seller} doing the work in quote {quote.number} for {formatMoney(quote.total)}
        {quote.seller.gstRegistered ? " including GST" : ""}
        {deposit}. Your typed name is your signature; we keep it with the time and exactly what you accepted.
      </p>
      <label htmlFor={nameId} className="mt-3 block font-semibold text-slate-900">
        Your full name
      </label>
      <input
        id={nameId}
        autoComplete="name"
        maxLength={120}
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-describedby={statementId}
        aria-invalid={missing ? true : undefined}
        className="mt-1 h-12 w-full rounded-xl border border-slate-300 px-3 text-base aria-[invalid=true]:border-red-500"
      />
      {missing && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          Type your full name to accept
        </p>
      )}
      <Button type="submit" size="lg" className="mt-3 min-h-14 w-full text-base" disabled={accept.isPending}>
        <CheckCircle2 aria-hidden /> {accept.isPending ? "Accepting..." : `Accept quote for ${formatMoney(quote.total)}`}
      </Button>
      <ErrorLine error={accept.error} />
    </form>
  );
}

function DeclineQuote({ token, quote, seller }: { token: string; quote: Quote; seller: string }) {
  const [open, setOpen] = useState(false);
  const decline = useDeclineQuote(token, quote.id);
  return (
    <div className="mt-3">
      <Button variant="outline" className="min-h-12 w-full" onClick={() => setOpen(true)}>
        <XCircle aria-hidden /> Decline this quote
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Decline the quote?"
        description={`${seller} will be told you declined quote ${quote.number}, and why.`}
        legend="Why are you declining?"
        reasons={DECLINE_REASON_TEXT}
        noteLabel="Anything to add? (optional)"
        noteMax={NOTE_MAX}
        keepLabel="Keep the quote"
        submitLabel="Decline quote"
        error={decline.error}
        pending={decline.isPending}
        onSubmit={(answer) => decline.mutate(answer, { onSuccess: () => setOpen(false) })}
      />
    </div>
  );
}
