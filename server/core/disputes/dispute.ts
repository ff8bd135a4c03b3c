// Chargebacks as Stripe reports them (docs/decisions/093-disputes.md): each charge.dispute.* event,
// from the platform's webhook or the Connect one, leaves the dispute's one row as the latest of
// its events says, whatever order they arrive in; and the one question the refunds ask of it.
import { DISPUTE_STATUS_ORDER, disputeBlocksRefund, type DisputeView, type PaymentDisputeView, type PurchaseDisputeView } from "../../../shared/disputes";
import { autoSubmitAt, disputeTakesEvidence } from "../../../shared/dispute-evidence";
import { fromCents } from "../../../shared/pricing";
import { stripeDisputeObject } from "../../../shared/stripe-disputes";
import type { PaymentDispute } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import * as repo from "./repo";

/** What of a Stripe event a dispute needs: its type, when Stripe made it, the account it happened on and the dispute. */
export interface DisputeEvent {
  type: string;
  /** Unix seconds. */
  created: number;
  account?: string | null;
  data: { object: unknown };
}

export const isDisputeEvent = (type: string) => type.startsWith("charge.dispute.");

/** The later of two states: Stripe's time first, then (within one second) the further status. */
const isLater = (at: Date, status: PaymentDispute["status"], than: PaymentDispute) =>
  at.getTime() > than.changedAt.getTime() || (at.getTime() === than.changedAt.getTime() && DISPUTE_STATUS_ORDER[status] >= DISPUTE_STATUS_ORDER[than.status]);

/**
 * Applies one dispute event in the caller's transaction (the webhook's, which records the event id
 * once). A dispute object of a shape we cannot read is logged and left: answering Stripe with an
 * error would only have it sent again and again.
 */
export async function recordDisputeEvent(tx: Db, event: DisputeEvent, logger?: Logger): Promise<(PaymentDispute & { isNew: boolean }) | undefined> {
  const parsed = stripeDisputeObject.safeParse(event.data.object);
  if (!parsed.success) {
    logger?.warn({ type: event.type, issues: parsed.error.issues.length }, "disputes: an event's dispute could not be read");
    return undefined;
  }
  const dispute = parsed.data;
  const at = new Date(event.created * 1000);
  const account = event.account ?? null;
  const intentId = dispute.payment_intent ?? null;
  const dueBy = dispute.evidence_details?.due_by;
  const state = {
    status: dispute.status,
    reason: dispute.reason,
    amountCents: dispute.amount,
    currency: dispute.currency,
    evidenceDueBy: dueBy ? new Date(dueBy * 1000) : null,
    changedAt: at,
  };
  const funds =
    event.type === "charge.dispute.funds_withdrawn"
      ? { fundsWithdrawnAt: at }
      : event.type === "charge.dispute.funds_reinstated"
        ? { fundsReinstatedAt: at }
        : {};
  const inserted = await repo.insertDispute(tx, {
    stripeDisputeId: dispute.id,
    stripeAccount: account,
    chargeId: dispute.charge,
    paymentIntentId: intentId,
    purchaseId: account === null && intentId ? await repo.purchaseIdOfIntent(tx, intentId) : null,
    ...state,
    ...funds,
  });
  if (inserted) return { ...inserted, isNew: true };
  const known = await repo.lockDispute(tx, dispute.id);
  if (!known) return undefined;
  // When the money moved is kept from whichever event said so first, in whatever order they came.
  const firstFunds = {
    ...(funds.fundsWithdrawnAt && !known.fundsWithdrawnAt ? funds : {}),
    ...(funds.fundsReinstatedAt && !known.fundsReinstatedAt ? funds : {}),
  };
  const change = { ...(isLater(at, dispute.status, known) ? state : {}), ...firstFunds };
  if (Object.keys(change).length > 0) await repo.updateDispute(tx, known.id, change);
  return { ...known, ...change, isNew: false };
}

/** The dispute that keeps a lead purchase from being refunded by us, if any. */
export async function disputeBlockingRefund(db: Db, purchase: { id: number; paymentIntentId: string | null }): Promise<PaymentDispute | undefined> {
  return (await repo.disputesOfPurchase(db, purchase)).find((d) => disputeBlocksRefund(d.status));
}

/**
 * Each online payment's latest dispute on the electrician's connected account, by its
 * PaymentIntent, as their card shows it; `blocksRefund` for the refund's own check.
 */
export async function disputesOfPayments(
  db: Db,
  payments: ReadonlyArray<{ paymentIntentId: string | null; stripeAccount: string | null }>,
): Promise<Map<string, PaymentDisputeView & { blocksRefund: boolean }>> {
  const latest = new Map<string, PaymentDisputeView & { blocksRefund: boolean }>();
  // Only payments made on a connected account can be disputed there: recorded and demo payments
  // (most of them) cost no query.
  const ids = payments.flatMap((p) => (p.stripeAccount && p.paymentIntentId ? [p.paymentIntentId] : []));
  for (const d of await repo.disputesOfAccountPayments(db, ids)) {
    if (!d.paymentIntentId) continue;
    const shown = latest.get(d.paymentIntentId);
    // The latest shows; any open or lost one of the payment keeps it from a refund.
    if (shown) shown.blocksRefund ||= disputeBlocksRefund(d.status);
    else
      latest.set(d.paymentIntentId, {
        status: d.status,
        reason: d.reason,
        evidenceDueBy: iso(d.evidenceDueBy),
        amount: fromCents(d.amountCents),
        evidenceSubmittedAt: iso(d.evidenceSubmittedAt),
        evidenceGoesBy: !d.evidenceSubmittedAt && d.evidenceDueBy && disputeTakesEvidence(d.status) ? autoSubmitAt(d.evidenceDueBy).toISOString() : null,
        blocksRefund: disputeBlocksRefund(d.status),
      });
  }
  return latest;
}

/** Each purchase's latest dispute as its buyer's card shows it. */
export async function disputesByPurchase(db: Db, purchaseIds: number[]): Promise<Map<number, PurchaseDisputeView>> {
  const latest = new Map<number, PurchaseDisputeView>();
  for (const d of await repo.disputesOfPurchases(db, purchaseIds)) {
    if (d.purchaseId !== null && !latest.has(d.purchaseId))
      latest.set(d.purchaseId, { status: d.status, reason: d.reason, evidenceDueBy: iso(d.evidenceDueBy) });
  }
  return latest;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

const businessOf = (p: { firstName: string | null; lastName: string | null; company: string | null }) =>
  [[p.firstName, p.lastName].filter(Boolean).join(" "), p.company].filter(Boolean).join(", ");

const paymentOf = (job: Awaited<ReturnType<typeof repo.jobsOfAccountPayments>>[number] | undefined) =>
  job ? { jobReference: job.jobReference, electrician: businessOf(job) } : null;

/** The operator's Disputes list: open ones first, soonest deadline first. */
export async function disputesForOperator(db: Db, limit = 200): Promise<DisputeView[]> {
  const rows = await repo.disputesWithPurchases(db, limit);
  const onAccounts = rows.flatMap(({ dispute: d }) => (d.stripeAccount && d.paymentIntentId ? [d.paymentIntentId] : []));
  const jobs = new Map((await repo.jobsOfAccountPayments(db, onAccounts)).map((j) => [j.intentId, j]));
  return rows.map(({ dispute: d, jobReference, buyerFirstName, buyerLastName, buyerCompany, refundedAt }) => ({
    id: d.id,
    status: d.status,
    reason: d.reason,
    amount: fromCents(d.amountCents),
    currency: d.currency,
    evidenceDueBy: iso(d.evidenceDueBy),
    stripeAccount: d.stripeAccount,
    purchase:
      d.purchaseId !== null && jobReference
        ? {
            id: d.purchaseId,
            jobReference,
            buyer: businessOf({ firstName: buyerFirstName, lastName: buyerLastName, company: buyerCompany }),
            refundedAt: iso(refundedAt),
          }
        : null,
    payment: paymentOf(d.stripeAccount && d.paymentIntentId ? jobs.get(d.paymentIntentId) : undefined),
    fundsWithdrawnAt: iso(d.fundsWithdrawnAt),
    fundsReinstatedAt: iso(d.fundsReinstatedAt),
    evidence:
      d.purchaseId !== null || (d.stripeAccount !== null && jobs.has(d.paymentIntentId))
        ? {
            submittedAt: iso(d.evidenceSubmittedAt),
            submittedBy: d.evidenceSubmittedBy,
            autoSubmitAt: !d.evidenceSubmittedAt && d.evidenceDueBy && disputeTakesEvidence(d.status) ? autoSubmitAt(d.evidenceDueBy).toISOString() : null,
            error: d.evidenceSubmittedAt ? null : d.evidenceError,
          }
        : null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  }));
}
