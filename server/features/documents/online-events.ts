// What a signed Connect event changes (docs/decisions/056-money-online-stripe-connect.md), inside
// the transaction that records the event as seen (server/features/payments applies each event once):
// `account.updated` keeps an electrician's account state; `payment_intent.succeeded` on the
// account an intent of ours was made on records the payment; `charge.refunded` there records a
// refund made in the electrician's Stripe dashboard; `payment_intent.payment_failed` (and a cancel by
// Stripe itself) notes that the customer's payment did not go through; `charge.dispute.*` keeps the chargeback
// (docs/decisions/093-disputes.md) and tells the electrician of a new one. Anything else is acknowledged.
import type { Logger } from "../../platform/logger";
import { isDisputeEvent, recordDisputeEvent } from "../../core/disputes";
import type Stripe from "stripe";
import type { Db } from "../../platform/db/client";
import { accountState, type StripeEventApplier } from "../../platform/payments";
import type { DocumentDeps } from "./deps";
import { recordOnlinePayment } from "./online";
import { fromCents } from "../../../shared/pricing";
import { ONLINE_PAYMENT_MESSAGES } from "../../../shared/stripe-connect";
import { conflict } from "../../platform/http/errors";
import { hasRefundOf, insertRefund, intentById, jobOfOnlinePayment, lockPaymentOfIntent, markIntentFailed, refundedByStripeCents } from "./online-repo";
import { autoSubmitAt } from "../../../shared/dispute-evidence";
import type { PaymentDispute } from "../../../shared/schema";
import { formatStateDayTime } from "../../../shared/state-time-text";
import { enqueueProviderNotice } from "../../core/messages";
import { lockDocumentOf } from "./payment-refunds";
import { settleRefund } from "./payments";
import { netCents } from "./records";
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

/**
 * A refund made in the electrician's own Stripe dashboard (charge.refunded on their account): the
 * part Stripe says is refunded beyond what we have recorded becomes one refund of the payment; the
 * invoice's status follows its money and a job at Paid leaves it, as for a refund made here
 * (settleRefund). Stripe's running total only grows, so an event that arrives late, or the event of
 * a refund this app made (recorded before its transaction let this one lock the payment), adds
 * nothing and moves nothing. One that comes before its payment's own event is refused (409) for
 * Stripe to send again.
 */
async function chargeRefundedOnAccount(tx: Db, deps: DocumentDeps, charge: Stripe.Charge, account: string | undefined) {
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId || !account) return;
  const payment = await lockPaymentOfIntent(tx, intentId);
  if (!payment) {
    // Ours, but its payment's event has not been applied yet (Stripe keeps no order): refused, so
    // Stripe sends this one again later, once the payment is there to refund against.
    const intent = await intentById(tx, intentId);
    if (intent?.stripeAccount === account) throw conflict(ONLINE_PAYMENT_MESSAGES.refundBeforePayment);
    return;
  }
  if (payment.stripeAccount !== account || payment.source !== "stripe") return;
  const invoice = await lockDocumentOf(tx, payment);
  // Stripe's total counts refunds only: a lost dispute's chargeback, in `payment.refunded` too, is left out of the comparison.
  const newCents = Math.min((charge.amount_refunded ?? 0) - (await refundedByStripeCents(tx, payment.id)), netCents(payment));
  if (newCents <= 0) return;
  const now = deps.now();
  await insertRefund(tx, {
    paymentId: payment.id,
    amount: fromCents(newCents),
    reason: ONLINE_PAYMENT_MESSAGES.refundedInStripe,
    stripeRefundId: charge.refunds?.data[0]?.id ?? null,
    refundedBy: null,
    refundedAt: now,
  });
  if (invoice) await settleRefund(tx, deps, { invoice, purchaseId: payment.purchaseId, changedBy: null, now, how: "inStripe" });
}

/** Stripe's reasons for cancelling an intent itself; one we cancelled (a newer amount) has none of these. */
const CANCELLED_BY_STRIPE = new Set(["automatic", "abandoned", "fraudulent", "failed_invoice"]);

/**
 * The customer's payment did not go through (a card declined, a direct debit returned, Stripe
 * cancelling it): noted on our intent made on that account, for the job page and the card to say
 * (docs/decisions/093-disputes.md). Stripe's own words, cut to a line.
 */
async function paymentFailed(tx: Db, intent: Stripe.PaymentIntent, account: string | undefined, at: Date) {
  if (!account) return;
  const cancelled = intent.status === "canceled";
  if (cancelled && !CANCELLED_BY_STRIPE.has(intent.cancellation_reason ?? "")) return;
  const words = cancelled ? ONLINE_PAYMENT_MESSAGES.paymentCancelled : (intent.last_payment_error?.message ?? ONLINE_PAYMENT_MESSAGES.paymentFailed);
  await markIntentFailed(tx, { intentId: intent.id, account, at, message: words.slice(0, 200) });
}

/**
 * A customer's payment newly disputed: the electrician is told at once by every channel they have,
 * and on their dashboard (money taken back without their doing, docs/decisions/081), with the
 * amount, the reason and by when the evidence goes (docs/decisions/094-dispute-evidence.md).
 */
async function tellOfDispute(tx: Db, deps: DocumentDeps, dispute: PaymentDispute) {
  if (!dispute.stripeAccount || !dispute.paymentIntentId) return;
  const job = await jobOfOnlinePayment(tx, dispute.paymentIntentId, dispute.stripeAccount);
  if (!job) return;
  const due = dispute.evidenceDueBy
    ? ` We send the bank the job's records (the quote they signed, the invoice, the payment) by ${formatStateDayTime(autoSubmitAt(dispute.evidenceDueBy), job.state)}.`
    : "";
  await enqueueProviderNotice(tx, {
    event: `payment.disputed:${dispute.stripeDisputeId}`,
    userId: job.buyerId,
    leadId: job.leadId,
    origin: deps.settings.origin,
    now: deps.now(),
    title: `Payment disputed: ${job.jobReference}`,
    body: `The customer's bank is disputing their $${fromCents(dispute.amountCents)} payment (${dispute.reason.replaceAll("_", " ")}); Stripe holds the money until the bank decides.${due} Do not refund it meanwhile.`,
    mustKnow: { sitePhone: deps.settings.sitePhone },
  });
}

/**
 * A customer's dispute lost: the bank gave their money back, so it counts against the payment as a
 * refund does, once (its row carries the dispute's id): the invoice's balance and the job's stage
 * follow, the history saying it was charged back (docs/decisions/094-dispute-evidence.md).
 */
async function chargedBack(tx: Db, deps: DocumentDeps, dispute: PaymentDispute) {
  if (!dispute.stripeAccount || !dispute.paymentIntentId) return;
  const payment = await lockPaymentOfIntent(tx, dispute.paymentIntentId);
  if (!payment || payment.stripeAccount !== dispute.stripeAccount || payment.source !== "stripe") return;
  if (await hasRefundOf(tx, payment.id, dispute.stripeDisputeId)) return;
  const invoice = await lockDocumentOf(tx, payment);
  const cents = Math.min(dispute.amountCents, netCents(payment));
  if (cents <= 0) return;
  const now = deps.now();
  await insertRefund(tx, {
    paymentId: payment.id,
    amount: fromCents(cents),
    reason: ONLINE_PAYMENT_MESSAGES.chargedBack,
    stripeRefundId: dispute.stripeDisputeId,
    refundedBy: null,
    refundedAt: now,
  });
  if (invoice) await settleRefund(tx, deps, { invoice, purchaseId: payment.purchaseId, changedBy: null, now, how: "chargedBack" });
}

export function connectEventApplier(deps: DocumentDeps, logger?: Logger): StripeEventApplier {
  return async (tx, event) => {
    // A customer's chargeback of a payment to the electrician (docs/decisions/093-disputes.md).
    if (isDisputeEvent(event.type)) {
      const dispute = await recordDisputeEvent(tx, event, logger);
      if (dispute?.isNew) await tellOfDispute(tx, deps, dispute);
      if (dispute?.status === "lost") await chargedBack(tx, deps, dispute);
      return;
    }
    switch (event.type) {
      case "account.updated":
        await applyAccountUpdated(tx, accountState(event.data.object), deps.now());
        return;
      case "payment_intent.succeeded":
        await paymentSucceeded(tx, deps, event.data.object, event.account);
        return;
      case "payment_intent.payment_failed":
      case "payment_intent.canceled":
        await paymentFailed(tx, event.data.object, event.account, new Date(event.created * 1000));
        return;
      case "charge.refunded":
        await chargeRefundedOnAccount(tx, deps, event.data.object, event.account);
        return;
      default:
        return;
    }
  };
}
