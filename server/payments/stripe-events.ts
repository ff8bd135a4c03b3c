// What a verified Stripe event changes, once per event id: a replayed event changes nothing.
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { recordRefundMadeInStripe } from "../refunds";
import { markIntentPaid, recordStripeEvent } from "./repo";

/** False when the event was handled before. */
export async function handleStripeEvent(db: Db, event: Stripe.Event): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return false;
    await applyEvent(tx, event);
    return true;
  });
}

/** Keeps purchases' payment status in step with what Stripe reports. */
async function applyEvent(tx: Db, event: Stripe.Event) {
  switch (event.type) {
    case "payment_intent.succeeded":
      await markIntentPaid(tx, event.data.object.id, new Date());
      return;
    case "charge.refunded": {
      // Fully refunded only (a partial refund leaves the sale standing). A refund this app made
      // already has its row; one made in Stripe itself becomes the purchase's refund row, so no
      // later refund pays it back again (docs/decisions/049-missed-promises-and-refunds.md).
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (intentId && charge.refunded) {
        await recordRefundMadeInStripe(tx, {
          intentId,
          amountCents: typeof charge.amount_refunded === "number" ? charge.amount_refunded : undefined,
          now: new Date(),
        });
      }
      return;
    }
    default:
      return;
  }
}
