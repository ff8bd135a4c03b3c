// What a verified Stripe event changes, once per event id: a replayed event changes nothing.
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { markIntentPaid, markIntentRefunded, recordStripeEvent } from "./repo";

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
      const intent = event.data.object.payment_intent;
      const intentId = typeof intent === "string" ? intent : intent?.id;
      if (intentId && event.data.object.refunded) {
        await markIntentRefunded(tx, intentId, new Date());
      }
      return;
    }
    default:
      return;
  }
}
