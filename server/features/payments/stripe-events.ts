// What a verified Stripe event changes, once per event id: a replayed event changes nothing. The
// platform's own events (lead purchases) and Connect events (customers paying electricians,
// docs/decisions/056) share the rule and the table of events seen.
import type { Logger } from "../../platform/logger";
import type Stripe from "stripe";
import type { Db } from "../../platform/db/client";
import type { StripeEventApplier } from "../../platform/payments";
import { isDisputeEvent, recordDisputeEvent } from "../../core/disputes";
import { markIntentPaid, recordStripeEvent } from "./repo";

/** Applies the event unless its id was seen before (then false): the record and the change commit together. */
export async function applyStripeEventOnce(db: Db, event: Stripe.Event, apply: StripeEventApplier): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return false;
    await apply(tx, event);
    return true;
  });
}

/**
 * A full refund made in Stripe itself, recorded as the purchase's one refund row (the refunds
 * feature's recordRefundMadeInStripe, handed in by server/app.ts: docs/decisions/074).
 */
export type RefundMadeInStripe = (tx: Db, input: { intentId: string; amountCents?: number; now: Date }) => Promise<unknown>;

/** Keeps purchases' payment status in step with what Stripe reports. */
export const platformEventApplier =
  (recordRefundMadeInStripe: RefundMadeInStripe, logger?: Logger): StripeEventApplier =>
  async (tx, event) => {
    // A chargeback of a lead purchase (docs/decisions/093-disputes.md).
    if (isDisputeEvent(event.type)) {
      await recordDisputeEvent(tx, event, logger);
      return;
    }
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
  };
