// The demo's chargebacks (docs/decisions/093-disputes.md, 094-dispute-evidence.md): one lead
// purchase disputed as fraudulent, and one customer's card payment on an electrician's Stripe
// account, each as Stripe's charge.dispute.created would have left it, evidence due in five days.
import { toCents } from "../../shared/pricing";
import { documentPayments, paymentDisputes } from "../../shared/schema";
import type { Db } from "../platform/db/client";

export async function seedDemoDispute(tx: Db, input: { purchaseId: number; amountPaid: string; now: Date }) {
  const openedAt = new Date(input.now.getTime() - 2 * 86_400_000);
  await tx.insert(paymentDisputes).values({
    stripeDisputeId: "dp_demo_chargeback",
    stripeAccount: null,
    chargeId: "ch_demo_chargeback",
    paymentIntentId: null,
    purchaseId: input.purchaseId,
    amountCents: toCents(input.amountPaid),
    currency: "aud",
    reason: "fraudulent",
    status: "needs_response",
    evidenceDueBy: new Date(input.now.getTime() + 5 * 86_400_000),
    changedAt: openedAt,
    createdAt: openedAt,
    updatedAt: openedAt,
  });
  return true;
}

/** A card payment the customer made online on this invoice, on the electrician's own Stripe account, now disputed by their bank. */
export async function seedDemoPaymentDispute(tx: Db, input: { purchaseId: number; invoiceId: number; now: Date }) {
  const paidAt = new Date(input.now.getTime() - 2 * 3600_000);
  const account = "acct_demo_sparkright";
  const intentId = "pi_demo_disputed_payment";
  await tx.insert(documentPayments).values({
    purchaseId: input.purchaseId,
    invoiceId: input.invoiceId,
    amount: "150.00",
    method: "card",
    source: "stripe",
    paymentIntentId: intentId,
    stripeAccount: account,
    recordedAt: paidAt,
  });
  const openedAt = new Date(input.now.getTime() - 3600_000);
  await tx.insert(paymentDisputes).values({
    stripeDisputeId: "dp_demo_customer_payment",
    stripeAccount: account,
    chargeId: "ch_demo_customer_payment",
    paymentIntentId: intentId,
    amountCents: 15000,
    currency: "aud",
    reason: "product_not_received",
    status: "needs_response",
    evidenceDueBy: new Date(input.now.getTime() + 5 * 86_400_000),
    changedAt: openedAt,
    createdAt: openedAt,
    updatedAt: openedAt,
  });
}
