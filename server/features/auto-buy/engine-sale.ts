// One order's try at one lead (docs/decisions/064-auto-buy-engine.md): its caps looked at, its
// saved card held off-session (Stripe mode), then the same exclusive-sale transaction as a buyer
// at the screen, with the order's row locked and its caps checked again inside it, then the
// owner's business caps the same way (docs/decisions/083-auto-buy-says-what-it-buys.md). The
// loser of a race is never charged: a hold it made is cancelled.
import { businessLimits, capWindows, fitsCaps, isPausedAt, momentPriceReaches, type CapLimits, type CapUse } from "../../../shared/auto-buy";
import { MARKET_MESSAGES } from "../../../shared/market-messages";
import { formatMoney } from "../../../shared/format";
import type { PriceNow } from "../../../shared/price-now";
import { toCents } from "../../../shared/pricing";
import type { Lead, LeadPurchase } from "../../../shared/schema";
import { leadAlert } from "../../core/alerts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { enqueueProviderNotice } from "../../core/messages";
import type { Logger } from "../../platform/logger";
import { CardDeclined, type PaymentGateway } from "../../platform/payments";
import type { HandoverSettings } from "../../core/messages";
import { businessCapsOf, lockBusinessCaps } from "./business-caps-repo";
import { capUseOf, lockOrder, pauseForDeclinedCard, type OrderRow } from "./engine-repo";
import { earliest } from "./rules";

/** One sale as the market's exclusive-sale transaction takes it (docs/decisions/011, 064). */
export interface OrderSale {
  lead: Lead;
  buyer: { id: number; name: string; email: string | null; phone: string | null; company: string | null };
  quote: PriceNow;
  now: Date;
  intentId: string | null;
  autoBuyOrderId: number;
  /** Runs first inside the transaction: the order locks its row and checks its caps again. Throws to refuse. */
  before: (tx: Db) => Promise<void>;
  /** Runs inside the transaction once the purchase row exists: the order's notice to its owner. */
  after: (tx: Db, purchase: LeadPurchase) => Promise<void>;
}

/**
 * The port auto-buy sells through: the market's one exclusive-sale transaction, the same as a buyer
 * at the screen (docs/decisions/089-server-tiers.md), handed in by server/app.ts. `attempt` says
 * whether the capture was tried, so a loser's hold is released the right way.
 */
export type SellLead = (sale: OrderSale, attempt: { captureTried: boolean }) => Promise<LeadPurchase>;

export interface OrderSaleDeps {
  db: Db;
  payments: PaymentGateway;
  logger: Logger;
  now: () => Date;
  /** The site's phone, which a declined card's notice names. */
  handover: Pick<HandoverSettings, "sitePhone">;
  sell: SellLead;
  /** The site's public origin, for the e-mail's link. */
  origin: string;
  /** Wakes this instance's outbox: a declined card's notice goes at once. */
  wake: () => void;
}

/** What became of the try: sold; the lead went to someone else; or this order cannot buy it now (until `retryAt`, null: not by itself). */
export type OrderSaleOutcome = { kind: "sold"; purchaseId: number } | { kind: "lost" } | { kind: "refused"; retryAt: Date | null };

/** Refused inside the sale's transaction: the order's row, locked, says no. */
class OrderRefused extends Error {
  constructor(readonly retryAt: Date | null) {
    super("auto-buy order refused inside the sale");
  }
}

/**
 * When an order at a cap may buy this lead again: the next Sydney day for a day's leads; for the
 * week's dollars, when the falling price fits what is left of the week, or the next week if sooner.
 */
function capLapsesAt(order: CapLimits, used: CapUse, lead: Lead, priceCents: number, now: Date): Date {
  const w = capWindows(now);
  const dayFull = used.boughtToday + 1 > order.maxPerDay;
  const weekShort = used.spentThisWeekCents + priceCents > order.maxPerWeekCents;
  const fitsWeekAt = weekShort ? earliest([w.weekEnd, momentPriceReaches(lead, order.maxPerWeekCents - used.spentThisWeekCents)])! : now;
  const dayAgainAt = dayFull ? w.dayEnd : now;
  return fitsWeekAt > dayAgainAt ? fitsWeekAt : dayAgainAt;
}

/** "Auto-bought: Emergency · Repair in Parramatta for $24.10": the market card's words (redacted as the market's lead). */
export function autoBoughtTitle(lead: Lead, amountCents: number, now: Date): string {
  return `Auto-bought: ${leadAlert(lead, null, now).title} for ${formatMoney(amountCents / 100)}`;
}

const ownerName = (o: OrderRow["owner"]) => `${o.firstName ?? ""} ${o.lastName ?? ""}`.trim() || o.username;

/**
 * When the order's caps or its business's refuse this lead at this price: null when both fit,
 * else the moment the later of the two gives room again.
 */
async function capsRefuse(
  db: Db,
  order: { id: number; ownerId: number },
  limits: CapLimits,
  business: CapLimits | null,
  lead: Lead,
  priceCents: number,
  now: Date,
) {
  const w = capWindows(now);
  const used = await capUseOf(db, { orderId: order.id }, w);
  const own = fitsCaps(limits, used, priceCents) ? null : capLapsesAt(limits, used, lead, priceCents, now);
  if (!business) return own;
  const all = await capUseOf(db, { ownerId: order.ownerId }, w);
  const theirs = fitsCaps(business, all, priceCents) ? null : capLapsesAt(business, all, lead, priceCents, now);
  return own && theirs ? (own > theirs ? own : theirs) : (own ?? theirs);
}

/**
 * The order's caps, checked and recorded in the sale's transaction: its row locked first, so two
 * sales for it take turns; then its owner's business caps row, so two sales of one business (two
 * orders, two instances) take turns on those too. Always in that order: no two sales wait on each other crosswise.
 */
async function checkInSale(tx: Db, order: OrderRow, lead: Lead, amountCents: number, now: Date): Promise<void> {
  const row = await lockOrder(tx, order.id);
  if (!row || row.deletedAt || isPausedAt(row, now) || toCents(row.maxPrice) < amountCents) throw new OrderRefused(null);
  const caps = await lockBusinessCaps(tx, order.ownerId);
  const limits = { maxPerDay: row.maxPerDay, maxPerWeekCents: toCents(row.maxPerWeek) };
  const refused = await capsRefuse(tx, order, limits, caps ? businessLimits(caps) : null, lead, amountCents, now);
  if (refused) throw new OrderRefused(refused);
}

export async function buyForOrder(deps: OrderSaleDeps, order: OrderRow, lead: Lead, price: PriceNow, now: Date): Promise<OrderSaleOutcome> {
  let intentId: string | null = null;
  if (deps.payments.mode === "stripe" && price.amountCents > 0) {
    // A look before the card is touched: an order at its cap makes no hold. With no card to hold
    // (demo mode, $0) the sale's own check, inside its transaction, is the only one needed.
    const limits = { maxPerDay: order.maxPerDay, maxPerWeekCents: toCents(order.maxPerWeek) };
    const caps = await businessCapsOf(deps.db, order.ownerId);
    const refused = await capsRefuse(deps.db, order, limits, caps ? businessLimits(caps) : null, lead, price.amountCents, now);
    if (refused) return { kind: "refused", retryAt: refused };
    try {
      ({ intentId } = await deps.payments.chargeSavedCard({
        customerId: order.stripeCustomerId!,
        paymentMethodId: order.paymentMethodId!,
        amountCents: price.amountCents,
        leadId: lead.id,
        buyerId: order.ownerId,
        orderId: order.id,
      }));
    } catch (err) {
      if (!(err instanceof CardDeclined)) throw err;
      await pauseAfterDecline(deps, order, lead, price.amountCents, err, now);
      return { kind: "refused", retryAt: null };
    }
  }

  const attempt = { captureTried: false };
  try {
    const purchase = await deps.sell(
      {
        lead,
        quote: price,
        now,
        intentId,
        autoBuyOrderId: order.id,
        buyer: { id: order.ownerId, name: ownerName(order.owner), email: order.owner.email, phone: order.owner.phone, company: order.owner.companyName },
        before: (tx) => checkInSale(tx, order, lead, price.amountCents, now),
        // Every auto-buy tells its owner, once (the outbox is unique on event and recipient), by push and/or e-mail as their alert settings say.
        after: (tx, row) =>
          enqueueProviderNotice(tx, {
            event: `auto-buy.bought:${row.id}`,
            userId: order.ownerId,
            leadId: lead.id,
            origin: deps.origin,
            now,
            title: autoBoughtTitle(lead, price.amountCents, now),
            body: `Your auto-buy order (up to ${formatMoney(order.maxPrice)}) bought job ${lead.jobReference}. It is in your pipeline: call the customer now.`,
          }),
      },
      attempt,
    );
    return { kind: "sold", purchaseId: purchase.id };
  } catch (err) {
    if (intentId) await releaseHold(deps, intentId, lead.id, order.ownerId, attempt.captureTried);
    if (err instanceof OrderRefused) return { kind: "refused", retryAt: err.retryAt };
    if (err instanceof AppError && err.status === 409 && err.message === MARKET_MESSAGES.alreadySold) return { kind: "lost" };
    throw err;
  }
}

/** The loser is never charged: its hold is cancelled (or, captured by a sale that then failed, refunded). Logged if Stripe will not. */
async function releaseHold(deps: OrderSaleDeps, intentId: string, leadId: number, buyerId: number, capturedHere: boolean) {
  try {
    await deps.payments.release(intentId, { leadId, buyerId }, { capturedHere });
  } catch (err) {
    deps.logger.error({ err, intentId, leadId, buyerId }, "auto-buy: could not release an order's card hold: check it in Stripe");
  }
}

/** The owner's words for why the saved card could not pay. */
function whyNot(declined: CardDeclined): string {
  if (declined.declineCode === "resource_missing") return "the saved card is no longer on file at Stripe";
  return `the bank declined the card${declined.declineCode ? ` (${declined.declineCode.replace(/_/g, " ")})` : ""}`;
}

/** A declined card pauses its order and tells the owner at once, by every channel they have, and on the dashboard. */
async function pauseAfterDecline(deps: OrderSaleDeps, order: OrderRow, lead: Lead, amountCents: number, declined: CardDeclined, now: Date) {
  await deps.db.transaction(async (tx) => {
    if (!(await pauseForDeclinedCard(tx, order.id))) return;
    await enqueueProviderNotice(tx, {
      event: `auto-buy.declined:${order.id}:${now.getTime()}`,
      userId: order.ownerId,
      leadId: lead.id,
      origin: deps.origin,
      now,
      title: "Auto-buy paused: your card was declined",
      // An order paused is work lost without the owner's doing: every channel (docs/decisions/081-notices-on-the-dashboard.md).
      mustKnow: { sitePhone: deps.handover.sitePhone },
      body: `Your auto-buy order (up to ${formatMoney(order.maxPrice)}) could not pay ${formatMoney(amountCents / 100)} for ${leadAlert(lead, null, now).title}: ${whyNot(declined)}. Update the card and resume the order on the Auto-buy tab.`,
    });
  });
  deps.logger.info({ orderId: order.id, leadId: lead.id, declineCode: declined.declineCode }, "auto-buy: card declined, order paused");
  deps.wake();
}
