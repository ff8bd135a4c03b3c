// The demo's chargeback (docs/decisions/093-disputes.md): one lead purchase disputed as
// fraudulent, as Stripe's charge.dispute.created would have left it, its evidence due in five days.
import { toCents } from "../../shared/pricing";
import { paymentDisputes } from "../../shared/schema";
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
