// The payments on an invoice or on a quote's deposit, under the card's Details (docs/decisions/
// 052, 056, 057): how each came (recorded by hand, paid online by card through Stripe, or a demo),
// what of it was refunded and why, an overpayment to give back, and Refund on an online payment
// with money left to refund (the server says which: `refundable`). A payment the customer's bank
// disputes says so, with the amount, why and when the evidence goes (docs/decisions/094-dispute-evidence.md).
import { useState } from "react";
import { DISPUTE_STATUS_LABELS, OPEN_DISPUTE_STATUSES, type PaymentDisputeView } from "@shared/disputes";
import { PAYMENT_METHOD_LABELS, type Payment } from "@shared/document-payments";
import { toCents } from "@shared/pricing";
import { Button } from "@/components/ui/button";
import { formatMoney, formatSydneyDateTime } from "@/lib/format";
import { PaymentEvidenceDialog } from "./PaymentEvidenceDialog";
import { RefundDialog } from "./RefundDialog";

/** "Paid online by card", "Demo payment (nothing charged)", or the recorded method. */
export const paymentHow = (p: Payment) =>
  p.source === "stripe" ? "paid online by card" : p.source === "demo" ? "demo online payment (nothing charged)" : `by ${PAYMENT_METHOD_LABELS[p.method]}`;

/** "Disputed: evidence needed · $1,100.00 · product unacceptable", and what happens next. */
function DisputeLine({ dispute, onEvidence }: { dispute: PaymentDisputeView; onEvidence: () => void }) {
  const open = OPEN_DISPUTE_STATUSES.includes(dispute.status);
  const next = dispute.evidenceSubmittedAt
    ? `The job's records went to the bank ${formatSydneyDateTime(dispute.evidenceSubmittedAt)}.`
    : open && dispute.evidenceGoesBy
      ? `We send the bank the job's records (the signed quote, the invoice, the payment) by ${formatSydneyDateTime(dispute.evidenceGoesBy)}. Do not refund it meanwhile.`
      : "";
  return (
    <>
      <span className={`[overflow-wrap:anywhere] ${dispute.status === "won" ? "text-green-800" : "font-medium text-red-800"}`} data-testid="payment-dispute">
        {DISPUTE_STATUS_LABELS[dispute.status]} · {formatMoney(dispute.amount)} · {dispute.reason.replaceAll("_", " ")}. {next}
      </span>
      <Button variant="outline" className="justify-self-start" onClick={onEvidence}>
        What we send the bank
      </Button>
    </>
  );
}

export function DocumentPayments({ purchaseId, payments, label }: { purchaseId: number; payments: readonly Payment[]; label: string }) {
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [evidenceOf, setEvidenceOf] = useState<number | null>(null);
  if (payments.length === 0) return null;
  return (
    <>
      <ul className="mt-2 grid gap-2 text-sm text-slate-700" aria-label={label} data-testid="document-payments">
        {payments.map((p) => (
          <li key={p.id} className="grid gap-1" data-testid="document-payment" data-source={p.source}>
            <span>
              <span className="font-semibold text-slate-900 tabular-nums">{formatMoney(p.amount)}</span> {paymentHow(p)} · {formatSydneyDateTime(p.recordedAt)}
            </span>
            {p.refunds.map((r) => (
              <span key={r.id} className="[overflow-wrap:anywhere] text-red-800">
                Refunded {formatMoney(r.amount)} on {formatSydneyDateTime(r.refundedAt)}: “{r.reason}”
              </span>
            ))}
            {p.dispute && <DisputeLine dispute={p.dispute} onEvidence={() => setEvidenceOf(p.id)} />}
            {toCents(p.overpaid) > 0 && (
              <span className="font-medium text-amber-900">
                {formatMoney(p.overpaid)} more than was owing. Refund the payment and ask the customer to pay the right amount.
              </span>
            )}
            {p.refundable && (
              <Button variant="outline" className="justify-self-start" onClick={() => setRefunding(p)}>
                Refund {formatMoney((toCents(p.amount) - toCents(p.refundedAmount)) / 100)}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {evidenceOf !== null && <PaymentEvidenceDialog paymentId={evidenceOf} onClose={() => setEvidenceOf(null)} />}
      {refunding && <RefundDialog purchaseId={purchaseId} payment={refunding} onOpenChange={(open) => !open && setRefunding(null)} />}
    </>
  );
}
