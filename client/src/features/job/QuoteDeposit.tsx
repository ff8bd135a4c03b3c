// The deposit of an accepted quote on the job page (docs/decisions/057-paying-on-the-job-page.md):
// paid, as the server says; or what is still owed, with "Pay $X now" when the electrician takes
// payments online (accepting starts that payment at once), else their bank details for a transfer.
import { CheckCircle2 } from "lucide-react";
import type { JobQuote as Quote } from "@shared/quotes";
import type { OnlinePayment } from "@shared/stripe-connect";
import { formatMoney } from "@shared/format";
import { toCents } from "@shared/pricing";
import { EftDetails } from "./EftDetails";
import { DemoPaid, PaymentFailedNotice, PayOnline } from "./JobPayment";

export function QuoteDeposit({ token, quote, started }: { token: string; quote: Quote; started?: OnlinePayment | null }) {
  const owingCents = toCents(quote.deposit) - toCents(quote.depositPaid);
  const paid = owingCents <= 0;
  const canPay = quote.actions.includes("pay");
  return (
    <div className="mt-4 border-t border-slate-200 pt-4" data-testid="quote-deposit" data-paid={paid}>
      {paid ? (
        <p className="flex items-start gap-1.5 font-semibold text-green-800" role="status" data-testid="deposit-paid">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
          <span>Deposit of {formatMoney(quote.deposit)} paid. Thank you.</span>
        </p>
      ) : (
        // The lines above end with the deposit due; part paid, what is left is said here.
        toCents(quote.depositPaid) > 0 && (
          <p className="font-semibold text-slate-900" data-testid="deposit-owing">
            {formatMoney(quote.depositPaid)} paid, {formatMoney((owingCents / 100).toFixed(2))} of the deposit still to pay
          </p>
        )
      )}
      <PaymentFailedNotice failed={quote.paymentFailed} />
      <PayOnline
        token={token}
        target={{ kind: "deposit", quoteId: quote.id }}
        amount={(Math.max(owingCents, 0) / 100).toFixed(2)}
        what="deposit"
        canStart={canPay}
        paid={paid}
        started={started}
      />
      {quote.eft && <EftDetails eft={quote.eft} />}
      {!paid && !canPay && !quote.eft && (
        <p className="mt-2 text-sm text-slate-700">Your electrician will tell you how to pay the deposit, and will record it when it reaches them.</p>
      )}
      {paid && <DemoPaid payments={quote.payments} what="deposit" />}
    </div>
  );
}
