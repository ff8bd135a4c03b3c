// A missed contact promise (docs/decisions/045-contact-promise.md, 049-missed-promises-and-
// refunds.md): the customer says "No one has contacted me" once the promise has passed. With
// nothing logged, the sale is undone for its buyer (no refund), the lead goes back on sale
// hidden from them, their auto-buy orders pause and both sides are told; with attempts logged,
// the operator weighs both sides.
import { firstNameOf } from "../../../shared/customer-name";
import { JOB_ACTION_MESSAGES } from "../../../shared/job-aftercare";
import { type JobView } from "../../../shared/jobs";
import type { Lead, LeadPurchase } from "../../../shared/schema";
import { formatStateDayTime } from "../../../shared/state-time-text";
import { enqueueLeadAlerts } from "../../core/alerts";
import type { Db } from "../../platform/db/client";
import { conflict } from "../../platform/http/errors";
import { enqueueCustomerSms, enqueueProviderNotice } from "../../core/messages";
import { openReview } from "../../core/operator-reviews";
import { notContactedBlock } from "./actions";
import { attemptsOf, excludeBuyer, lockLead, lockLivePurchaseOfLead, releaseAndRelist, stageMovesOf } from "./aftercare-repo";
import { progressOf, promiseOfSale } from "./view";

import { openedLead, viewAfter, whereOf, type AftercareDeps } from "./aftercare";

/**
 * "No one has contacted me". Refused (409) before the promise, or once the job moved on. With
 * no attempt logged the purchase is released as a missed promise and the lead goes straight
 * back on sale, hidden from that buyer; with attempts logged the operator gets a case with both
 * sides' records. Of two such requests at once, the first wins and the second is told the
 * request moved on: the live purchase is locked first (the order the super admin's unpurchase
 * locks in), so the release happens once.
 */
export async function reportNotContacted(deps: AftercareDeps, token: string): Promise<JobView> {
  const lead = await openedLead(deps.db, token);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const sale = await lockLivePurchaseOfLead(tx, lead.id);
    const current = await lockLead(tx, lead.id);
    const { status } = await progressOf(tx, current);
    const promise = sale ? promiseOfSale(sale, current, deps.promiseMinutes) : null;
    const block = notContactedBlock({ status, sale: sale && promise ? { salesStage: sale.salesStage, attempts: 0, contactBy: promise } : null, now });
    if (block === "tooEarly") throw conflict(JOB_ACTION_MESSAGES.tooEarly(formatStateDayTime(promise!, current.state)));
    if (block || !sale || !promise) throw conflict(JOB_ACTION_MESSAGES.notOpen);
    const attempts = await attemptsOf(tx, sale.id);
    if (attempts.length > 0) return toOperator(tx, sale, promise, attempts, now);
    return relist(deps, tx, current, sale, promise, now);
  });
  return viewAfter(deps, lead, token);
}

/** Attempts were logged: the word of one side against the other's log, for a person to weigh. */
async function toOperator(tx: Db, sale: LeadPurchase, promise: Date, attempts: Awaited<ReturnType<typeof attemptsOf>>, now: Date) {
  const moves = await stageMovesOf(tx, sale.id);
  await openReview(tx, {
    purchaseId: sale.id,
    kind: "not_contacted",
    now,
    evidence: {
      customer: { says: "No one has contacted me", at: now.toISOString() },
      promise: { purchasedAt: sale.purchasedAt.toISOString(), contactBy: promise.toISOString() },
      attempts: attempts.map((a) => ({ channel: a.channel, outcome: a.outcome, at: a.at.toISOString() })),
      stageHistory: moves.map((m) => ({ from: m.from, to: m.to, at: m.at.toISOString() })),
      salesStage: sale.salesStage,
    },
  });
}

/** Nothing logged by the promise: the sale is undone for its buyer and the request goes to everyone else. */
async function relist(deps: AftercareDeps, tx: Db, lead: Lead, sale: LeadPurchase, promise: Date, now: Date) {
  const listing = await releaseAndRelist(tx, sale, now);
  if (listing === undefined) throw conflict(JOB_ACTION_MESSAGES.notOpen);
  await excludeBuyer(tx, lead.id, sale.buyerId, now);
  // An order must never buy leads its owner does not call: all of theirs pause until they resume them (docs/decisions/064-auto-buy-engine.md).
  const pausedOrders = await deps.pauseAutoBuy(tx, sale.buyerId);
  // A new listing: alerts go out again, once per device per listing, to everyone but that buyer.
  await enqueueLeadAlerts(tx, lead.id, now, listing);
  await deps.events.publish(tx, { type: "lead.added", leadId: lead.id });
  const event = `promise.missed:${sale.id}`;
  await enqueueCustomerSms(tx, {
    event,
    leadId: lead.id,
    customerPhone: lead.customerPhone,
    sitePhone: deps.sitePhone,
    now,
    text: `Sorry the electrician who took your job ${lead.jobReference} did not contact you in time. We are finding you another licensed electrician now and will text you when one takes it.`,
  });
  const name = firstNameOf(lead.customerName);
  await enqueueProviderNotice(tx, {
    event,
    userId: sale.buyerId,
    leadId: lead.id,
    origin: deps.origin,
    now,
    title: `Lost: missed promise, ${lead.jobReference}`,
    // A job lost, and perhaps every order paused: every channel they have (docs/decisions/081-notices-on-the-dashboard.md).
    mustKnow: { sitePhone: deps.sitePhone },
    body: `${name}${whereOf(lead)} told us nobody contacted them by ${formatStateDayTime(promise, lead.state)} and nothing was logged, so the job has gone back to other electricians. It stays in your purchase history; the fee is not refunded.${pausedOrders > 0 ? " Your auto-buy orders are paused until you resume them." : ""}`,
  });
}
