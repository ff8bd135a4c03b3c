// Paying a deposit or an invoice on the job page (docs/decisions/057-paying-on-the-job-page.md):
// "Pay $X now" starts a payment the server sizes; Stripe's Payment Element then opens in place,
// under the amount owed, for the electrician's own Stripe account. In demo mode there is no
// Stripe: the server records the payment at once and the page says plainly that it was a demo.
// Paid shows only from the server's view of the job (it asks again after Stripe takes the card).
import { CreditCard } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { Payment } from "@shared/document-payments";
import type { OnlinePayment, PaymentFailed } from "@shared/stripe-connect";
import { formatSydneyDateTime } from "@shared/sydney-time";
import { formatMoney } from "@shared/format";
import { toCents } from "@shared/pricing";
import { Button } from "@/components/ui/button";
import { usePublicConfig } from "@/lib/use-public-config";
import { useReadJobAgain, useStartPayment, type PaymentTarget } from "./api/job-payment";

const StripePayment = lazy(() => import("./StripePayment"));

export interface PayOnlineProps {
  token: string;
  target: PaymentTarget;
  /** What is owed, as the server says ("1566.55"). */
  amount: string;
  /** "deposit" or "invoice": the words of the demo notice. */
  what: "deposit" | "invoice";
  /** The server lists `pay` for this quote or invoice: it can be paid online now. */
  canStart: boolean;
  /** The server's view says this is paid. */
  paid: boolean;
  /** A payment the page already holds (accepting a quote with a deposit starts one). */
  started?: OnlinePayment | null;
}

const isStripe = (p: OnlinePayment | null | undefined): p is Extract<OnlinePayment, { clientSecret: string }> => !!p && "clientSecret" in p && !!p.clientSecret;
const isDemo = (p: OnlinePayment | null | undefined) => !!p && "demo" in p && p.demo === true;

export function PayOnline({ token, target, amount, what, canStart, paid, started }: PayOnlineProps) {
  const start = useStartPayment(token, target);
  const readAgain = useReadJobAgain(token);
  const payment = start.data ?? started ?? null;
  const [sent, setSent] = useState(false);
  // What was owed when paying began: an invoice's balance reads $0.00 once it is paid.
  const [startedAmount, setStartedAmount] = useState(amount);
  const { stripePublishableKey } = usePublicConfig();

  // Once paid, the document itself says how (and that a demo was a demo): see DemoPaid.
  if (paid) return null;
  if (isDemo(payment)) return <DemoNotice what={what} amount={startedAmount} paid={false} />;
  if (isStripe(payment)) {
    if (sent) return <WaitingForStripe />;
    if (!stripePublishableKey)
      return (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          Paying online isn't available just now. You can pay by bank transfer instead.
        </p>
      );
    return (
      <PaymentPanel amount={amount}>
        <Suspense fallback={<LoadingCardForm />}>
          <StripePayment
            publishableKey={stripePublishableKey}
            stripeAccount={payment.stripeAccount}
            clientSecret={payment.clientSecret}
            payLabel={`Pay ${formatMoney(amount)}`}
            onSent={() => {
              setSent(true);
              void readAgain();
            }}
          />
        </Suspense>
      </PaymentPanel>
    );
  }
  if (!canStart) return null;
  return (
    <div className="mt-4">
      <Button
        size="lg"
        className="min-h-14 w-full text-base"
        disabled={start.isPending}
        onClick={() => {
          setStartedAmount(amount);
          start.mutate();
        }}
        data-testid="pay-now"
      >
        <CreditCard aria-hidden />
        {start.isPending ? "Starting your payment..." : `Pay ${formatMoney(amount)} now`}
      </Button>
      <p className="mt-2 text-center text-sm text-slate-600">Card, Apple Pay or Google Pay, paid straight to your electrician.</p>
      {start.isError && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {start.error instanceof Error ? start.error.message : "That didn't go through."} You can pay by bank transfer instead.
        </p>
      )}
    </div>
  );
}

/** The card form, in place under what is owed; focus moves to its heading so a keyboard or screen reader lands there. */
function PaymentPanel({ amount, children }: { amount: string; children: React.ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="pay-heading" className="mt-4 rounded-xl border border-slate-200 p-4" data-testid="payment-panel">
      <h3 id="pay-heading" ref={heading} tabIndex={-1} className="text-base font-bold text-slate-900 outline-none">
        Pay {formatMoney(amount)}
      </h3>
      <p className="mb-3 text-sm text-slate-600">Paid straight to your electrician through Stripe. We never see your card number.</p>
      {children}
    </section>
  );
}

function LoadingCardForm() {
  return (
    <p role="status" className="h-40 animate-pulse rounded-lg bg-slate-100 p-3 text-sm text-slate-600 motion-reduce:animate-none">
      Loading the secure card form...
    </p>
  );
}

function WaitingForStripe() {
  return (
    <p role="status" className="mt-3 flex items-start gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-800" data-testid="payment-waiting">
      {/* A beacon, not a spinner icon: an icon shared with the landing pages splits into a chunk they load (docs/decisions/028). */}
      <span className="relative mt-1.5 flex size-2.5 shrink-0" aria-hidden>
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand-600 opacity-60 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2.5 rounded-full bg-brand-700" />
      </span>
      <span>Payment sent. We're waiting for Stripe to confirm it; this page shows it as paid as soon as it does.</span>
    </p>
  );
}

/** Stripe's words end with a full stop, or get one. */
const asSentence = (words: string) => (/[.!?]$/.test(words.trim()) ? words.trim() : `${words.trim()}.`);

/** The customer's last online payment did not go through (docs/decisions/093-disputes.md): said above the way to pay again. */
export function PaymentFailedNotice({ failed }: { failed: PaymentFailed }) {
  if (!failed) return null;
  return (
    <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900" data-testid="payment-failed">
      Your payment on {formatSydneyDateTime(failed.at)} did not go through. {asSentence(failed.message)} You can pay again.
    </p>
  );
}

/** Paid, and by a demo payment: the page says so for as long as it shows the payment, reload or not. */
export function DemoPaid({ payments, what }: { payments: readonly Payment[]; what: "deposit" | "invoice" }) {
  const demo = payments.find((p) => p.source === "demo" && toCents(p.refundedAmount) === 0);
  return demo ? <DemoNotice what={what} amount={demo.amount} paid /> : null;
}

/** Demo mode: nothing was charged, and the page must not let anyone think otherwise. */
function DemoNotice({ what, amount, paid }: { what: "deposit" | "invoice"; amount: string; paid: boolean }) {
  return (
    <p role="status" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="demo-payment">
      <span>
        <strong className="font-semibold">Demo payment: no money moved.</strong> This site is running in demo mode, so no card was asked for and nothing was
        charged. The {formatMoney(amount)} {what === "deposit" ? "deposit" : "payment"} {paid ? "is marked as paid" : "will show as paid in a moment"} so you
        can see what happens next.
      </span>
    </p>
  );
}
