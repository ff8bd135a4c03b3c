// Stripe's Payment Element confirming the SetupIntent a new auto-buy order was made with
// (docs/decisions/063-auto-buy-orders.md), in its own chunk as the job page's payment is: Stripe.js
// loads only when a card is asked for. Stripe keeps the card; the server is told which
// SetupIntent succeeded and reads the card from Stripe itself.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useState, type FormEvent } from "react";
import { AUTO_BUY_MESSAGES } from "@shared/auto-buy-messages";
import { Button } from "@/components/ui/button";
import { cardReturnUrl } from "../card-return";

let stripePromise: Promise<Stripe | null> | undefined;

interface CardSetupProps {
  orderId: number;
  publishableKey: string;
  clientSecret: string;
  /** Stripe confirmed the card: hand its SetupIntent to the server. */
  onConfirmed: (setupIntentId: string) => Promise<void>;
}

function SetupForm({ orderId, onConfirmed }: Pick<CardSetupProps, "orderId" | "onConfirmed">) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      // A bank that asks for its own check on a page of its own sends the owner back to the Auto-buy tab (../back-from-bank.ts).
      const { error: refused, setupIntent } = await stripe.confirmSetup({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: cardReturnUrl(orderId) },
      });
      if (refused) return setError(refused.message ?? AUTO_BUY_MESSAGES.cardNotConfirmed);
      if (setupIntent?.status !== "succeeded") return setError(AUTO_BUY_MESSAGES.cardNotConfirmed);
      await onConfirmed(setupIntent.id);
    } catch (err) {
      setError(err instanceof Error ? err.message : AUTO_BUY_MESSAGES.cardNotConfirmed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void confirm(e)} className="grid gap-3" data-testid="auto-buy-card-setup">
      <PaymentElement options={{ layout: "tabs", wallets: { applePay: "never", googlePay: "never" } }} />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || busy}>
        {busy ? "Saving the card..." : "Save this card"}
      </Button>
    </form>
  );
}

export default function CardSetup({ orderId, publishableKey, clientSecret, onConfirmed }: CardSetupProps) {
  stripePromise ??= loadStripe(publishableKey);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret, appearance: { theme: "stripe" } }}>
      <SetupForm orderId={orderId} onConfirmed={onConfirmed} />
    </Elements>
  );
}
