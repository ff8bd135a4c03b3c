// The electrician refunds an online payment, with a reason (docs/decisions/056-money-online-
// stripe-connect.md): through Stripe on their connected account, the whole part not yet refunded.
// The job's side only (anyone else's payment is "not found"); a recorded payment is 409 (it was
// received outside the platform). The Stripe call is made with the payment locked and an
// idempotency key of the payment and its refund count, so a retry refunds once. An invoice no
// longer paid in full takes its job out of Paid (settleRefund).
import type { z } from "zod";
import type { CurrentUser } from "../../../shared/auth";
import type { RefundResponse } from "../../../shared/document-payments";
import { fromCents } from "../../../shared/pricing";
import { ONLINE_PAYMENT_MESSAGES, type refundRequest } from "../../../shared/stripe-connect";
import { DISPUTE_MESSAGES } from "../../../shared/disputes";
import { disputesOfPayments } from "../../core/disputes";
import { conflict, notFound } from "../../platform/http/errors";
import type { DocumentPayment, InvoiceRow } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import type { DocumentDeps } from "./deps";
import { liveInvoiceOfQuote, lockInvoice, refundsOf } from "./invoices-repo";
import { ownerOf } from "./locks";
import { insertRefund, lockPayment, paymentById, refundCount } from "./online-repo";
import { settleRefund } from "./payments";
import { lockPurchase, lockQuote } from "./quotes-repo";
import { netCents } from "./records";
import { toPayment } from "./view";

/**
 * The invoice a payment settles on (its own, or its quote's live one) as it stands before the
 * refund, locked with the quote before the job is: the order recording a payment locks them in,
 * so a refund and a payment arriving on the same invoice wait for each other rather than deadlock.
 */
export async function lockDocumentOf(tx: Db, payment: DocumentPayment): Promise<InvoiceRow | undefined> {
  if (payment.invoiceId !== null) return lockInvoice(tx, payment.invoiceId);
  await lockQuote(tx, payment.quoteId!);
  return liveInvoiceOfQuote(tx, payment.quoteId!);
}

export async function refundPayment(deps: DocumentDeps, user: CurrentUser, paymentId: number, input: z.output<typeof refundRequest>): Promise<RefundResponse> {
  const now = deps.now();
  const message = await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    const invoice = payment && (await lockDocumentOf(tx, payment));
    const job = payment && (await lockPurchase(tx, payment.purchaseId, ownerOf(user)));
    if (!payment || !job) throw notFound(ONLINE_PAYMENT_MESSAGES.paymentNotFound);
    if (payment.source === "recorded") throw conflict(ONLINE_PAYMENT_MESSAGES.refundNotOnline);
    // The customer's bank disputes it: the bank moves the money, not us (docs/decisions/093-disputes.md).
    if ((await disputesOfPayments(tx, [payment])).get(payment.paymentIntentId ?? "")?.blocksRefund) throw conflict(DISPUTE_MESSAGES.paymentRefundRefused);
    const leftCents = netCents(payment);
    if (leftCents <= 0) throw conflict(ONLINE_PAYMENT_MESSAGES.refundNothingLeft);
    let stripeRefundId: string | null = null;
    if (payment.source === "stripe") {
      // A Stripe payment on a server since put in demo mode cannot be refunded from here.
      if (!deps.connect || !payment.stripeAccount || !payment.paymentIntentId) throw conflict(ONLINE_PAYMENT_MESSAGES.refundNotOnline);
      const refund = await deps.connect.refund({
        account: payment.stripeAccount,
        intentId: payment.paymentIntentId,
        amountCents: leftCents,
        idempotencyKey: `payment-refund:${payment.id}:${await refundCount(tx, payment.id)}`,
      });
      stripeRefundId = refund.id;
    }
    await insertRefund(tx, { paymentId: payment.id, amount: fromCents(leftCents), reason: input.reason, stripeRefundId, refundedBy: user.id, refundedAt: now });
    // The invoice's status follows its money (paid -> part paid), and a job at Paid leaves it.
    if (invoice) await settleRefund(tx, deps, { invoice, purchaseId: payment.purchaseId, changedBy: user.id, now, how: "here" });
    return payment.source === "stripe" ? ONLINE_PAYMENT_MESSAGES.refunded : ONLINE_PAYMENT_MESSAGES.refundedDemo;
  });
  const after = (await paymentById(deps.db, paymentId))!;
  return { message, payment: toPayment(after, await refundsOf(deps.db, [paymentId]), await disputesOfPayments(deps.db, [after])) };
}
