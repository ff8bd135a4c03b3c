// Loaded lazily, only when a paid purchase dialog opens in Stripe mode: Stripe.js and the
// Payment Element stay out of the main bundle.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useState } from "react";
import { Button } from "@/components/ui/button";

let stripePromise: Promise<Stripe | null> | undefined;

interface CardFormProps {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  /** Called with the PaymentIntent id once the card is authorised (status requires_capture). */
  onAuthorised: (paymentIntentId: string) => Promise<void>;
  onFailure: (title: string, message: string) => void;
}

function CardForm({ payLabel, onAuthorised, onFailure }: Omit<CardFormProps, "publishableKey" | "clientSecret">) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function pay() {
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: "if_required" });
      if (error) return onFailure("Payment Failed", error.message ?? "Failed to process payment. Please try again.");
      if (paymentIntent?.status === "requires_capture") return await onAuthorised(paymentIntent.id);
      onFailure("Payment Processing", `Payment status: ${paymentIntent?.status ?? "unknown"}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <PaymentElement />
      <Button className="w-full" size="lg" variant="spark" disabled={!stripe || busy} onClick={pay}>
        {busy ? "Processing..." : payLabel}
      </Button>
    </div>
  );
}

export default function StripeCardForm({ publishableKey, clientSecret, ...rest }: CardFormProps) {
  stripePromise ??= loadStripe(publishableKey);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <CardForm {...rest} />
    </Elements>
  );
}
