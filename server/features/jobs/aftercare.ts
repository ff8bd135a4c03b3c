// The customer's two after-sale actions on the job page (docs/decisions/049-missed-promises-and-
// refunds.md): "No one has contacted me" once the promise has passed, and closing the request.
// Each is one transaction: what it changes, the market event, the alert outbox row and the
// messages it sends commit together or not at all.
import { firstNameOf } from "../../../shared/customer-name";
import { JOB_ACTION_MESSAGES, type CloseReason } from "../../../shared/job-aftercare";
import { JOB_PAGE_MESSAGES, type JobView } from "../../../shared/jobs";
import type { Lead, LeadPurchase } from "../../../shared/schema";
import { formatStateDayTime } from "../../../shared/state-time-text";
import { enqueueLeadAlerts } from "../../core/alerts";
import type { Db } from "../../platform/db/client";
import type { MarketEvents } from "../../platform/events";
import { AppError, conflict } from "../../platform/http/errors";
import { enqueueCustomerSms, enqueueProviderNotice } from "../../core/messages";
import { openReview } from "../../core/operator-reviews";
import { notContactedBlock } from "./actions";
import { attemptsOf, closeLead, excludeBuyer, findLead, lockLead, lockLivePurchaseOfLead, releaseAndRelist, stageMovesOf } from "./aftercare-repo";
import { leadOfToken } from "../../core/job-links";
import { jobViewOf, progressOf, promiseOfSale, type JobViewDeps } from "./view";

export interface AftercareDeps extends JobViewDeps {
  events: Pick<MarketEvents, "publish">;
  /** SITE_PHONE: every SMS names it. */
  sitePhone: string;
  /** The site's public origin, for links in e-mails. */
  origin: string;
  /** Wakes this instance's worker: a message queued with no market event goes at once. */
  wake: () => void;
  /**
   * A missed contact promise pauses all of its buyer's auto-buy orders (docs/decisions/064-auto-buy-
   * engine.md), inside the relist's transaction: auto-buy's own rule, handed in by server/app.ts.
   * Answers how many orders it paused.
   */
  pauseAutoBuy: (tx: Db, ownerId: number) => Promise<number>;
}

async function openedLead(db: Db, token: string): Promise<Lead> {
  const lead = await leadOfToken(db, token);
  if (!lead) throw new AppError(404, JOB_PAGE_MESSAGES.notFound);
  return lead;
}

/** The page as it stands once the change committed: the lead read again. */
const viewAfter = async (deps: JobViewDeps, lead: Lead, token: string) => jobViewOf(deps, (await findLead(deps.db, lead.id)) ?? lead, token);

const whereOf = (lead: Lead) => (lead.suburb ? ` in ${lead.suburb}` : "");

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

/** How the electrician is told why the customer closed. */
const CLOSE_REASON_FOR_BUYER: Record<CloseReason, string> = {
  found_someone: "they found someone else",
  no_longer_needed: "they no longer need the work",
  other: "no reason given",
};

/**
 * The customer closes the request: 409 when it is already closed or paid. A request on sale
 * comes off the market and every screen; a sold one stays its buyer's (no refund), and the
 * electrician who works it is told.
 */
export async function closeRequest(
  deps: AftercareDeps,
  token: string,
  input: { reason: CloseReason; note?: string; onlyIfUnsold?: boolean },
): Promise<JobView> {
  const lead = await openedLead(deps.db, token);
  const now = deps.now();
  const told = await deps.db.transaction(async (tx) => {
    const sale = await lockLivePurchaseOfLead(tx, lead.id);
    const current = await lockLead(tx, lead.id);
    const { status } = await progressOf(tx, current);
    if (status === "paid") throw conflict(JOB_ACTION_MESSAGES.paid);
    if (status === "closed" || current.closedByCustomerAt) throw conflict(JOB_ACTION_MESSAGES.alreadyClosed);
    if (sale && input.onlyIfUnsold) throw conflict(JOB_ACTION_MESSAGES.alreadyBought);
    const offMarket = !sale && current.status === "available" && !current.isArchived;
    if (!(await closeLead(tx, lead.id, { reason: input.reason, note: input.note ?? null, now, offMarket }))) throw conflict(JOB_ACTION_MESSAGES.alreadyClosed);
    if (offMarket) await deps.events.publish(tx, { type: "lead.removed", leadId: lead.id, reason: "archived" });
    if (!sale) return false;
    await enqueueProviderNotice(tx, {
      event: `job.closed:${sale.id}`,
      userId: sale.assignedTo ?? sale.buyerId,
      leadId: lead.id,
      origin: deps.origin,
      now,
      title: `Closed by the customer: ${current.jobReference}`,
      body: `${firstNameOf(current.customerName)}${whereOf(current)} closed their request on their job page: ${CLOSE_REASON_FOR_BUYER[input.reason]}. No need to contact them about it.`,
    });
    return true;
  });
  if (told) deps.wake();
  return viewAfter(deps, lead, token);
}
