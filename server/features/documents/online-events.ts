// What a signed Connect event changes (docs/decisions/056-money-online-stripe-connect.md), inside
// the transaction that records the event as seen (server/features/payments applies each event once):
// `account.updated` keeps an electrician's account state; `payment_intent.succeeded` on the
// account an intent of ours was made on records the payment. Anything else is acknowledged.
import { isDisputeEvent, recordDisputeEvent } from "../../core/disputes";
import type Stripe from "stripe";
import type { Db } from "../../platform/db/client";
import { accountState, type StripeEventApplier } from "../../platform/payments";
import type { DocumentDeps } from "./deps";
import { recordOnlinePayment } from "./online";
import { intentById } from "./online-repo";
import { applyAccountUpdated } from "./stripe-account";

async function paymentSucceeded(tx: Db, deps: DocumentDeps, intent: Stripe.PaymentIntent, account: string | undefined) {
  const row = await intentById(tx, intent.id);
  // Only an intent this server made, on the very account the event comes from.
  if (!row || !account || row.stripeAccount !== account) return;
  await recordOnlinePayment(tx, deps, {
    ref: row.invoiceId !== null ? { invoiceId: row.invoiceId } : { quoteId: row.quoteId! },
    intentId: intent.id,
    account,
    source: "stripe",
    amountCents: intent.amount_received || intent.amount,
    now: deps.now(),
  });
}

export function connectEventApplier(deps: DocumentDeps): StripeEventApplier {
  return async (tx, event) => {
    // A customer's chargeback of a payment to the electrician (docs/decisions/093-disputes.md).
    if (isDisputeEvent(event.type)) {
      await recordDisputeEvent(tx, event);
      return;
    }
    switch (event.type) {
      case "account.updated":
        await applyAccountUpdated(tx, accountState(event.data.object), deps.now());
        return;
      case "payment_intent.succeeded":
        await paymentSucceeded(tx, deps, event.data.object, event.account);
        return;
      default:
        return;
    }
  };
}
