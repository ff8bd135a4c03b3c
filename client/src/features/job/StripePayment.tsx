// Stripe's Payment Element for one payment on the job page, in its own chunk: Stripe.js loads
// only when a customer starts to pay (docs/decisions/057-paying-on-the-job-page.md). The payment
// is a direct charge on the electrician's connected account, so Stripe.js is loaded for that
// account (`stripeAccount`), and the element offers what Stripe allows there: card, Apple Pay,
// Google Pay. Success here only means Stripe took the payment; the page shows it paid when the
// server says so.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";

/** One Stripe.js per connected account (a page may show one electrician's deposit and invoice). */
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string, stripeAccount: string) => {
  const key = `${publishableKey}:${stripeAccount}`;
  if (!stripes.has(key)) stripes.set(key, loadStripe(publishableKey, { stripeAccount }));
  return stripes.get(key)!;
};

export interface StripePaymentProps {
  publishableKey: string;
  stripeAccount: string;
  clientSecret: string;
  /** "Pay $1,566.55". */
  payLabel: string;
  /** Stripe has the payment (succeeded or still processing): the server's view decides the rest. */
  onSent: () => void;
}

function PaymentForm({ payLabel, onSent }: Pick<StripePaymentProps, "payLabel" | "onSent">) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      // A card, Apple Pay or Google Pay never leaves the page. Should a bank send the customer
      // away, they come back to the lookup page: the job's link is not handed to another site (044).
      const { error: refused, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: `${window.location.origin}/job` },
      });
      if (refused) return setError(refused.message ?? "Your payment didn't go through. Check the details and try again.");
      if (paymentIntent && (paymentIntent.status === "succeeded" || paymentIntent.status === "processing")) return onSent();
      setError("Your payment didn't go through. Try again, or pay by bank transfer.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void pay(e)} className="grid gap-3" data-testid="stripe-payment">
      <PaymentElement options={{ layout: "tabs", wallets: { applePay: "auto", googlePay: "auto" } }} />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="min-h-14 w-full text-base" disabled={!stripe || busy}>
        {busy ? "Paying..." : payLabel}
      </Button>
    </form>
  );
}

export default function StripePayment({ publishableKey, stripeAccount, clientSecret, ...rest }: StripePaymentProps) {
  return (
    <Elements stripe={stripeFor(publishableKey, stripeAccount)} options={{ clientSecret, appearance: { theme: "stripe" } }}>
      <PaymentForm {...rest} />
    </Elements>
  );
}
