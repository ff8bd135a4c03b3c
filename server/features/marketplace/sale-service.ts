// The story of a sale (docs/decisions/011): price it on the server, check the payment, win the lead
// in one transaction, then take the money only from the winner.
import { DISCOUNT_MESSAGES } from "../../../shared/discounts";
import { type PurchaseRequest } from "../../../shared/marketplace";
import { MARKET_MESSAGES } from "../../../shared/market-messages";
import { can } from "../../../shared/policy";
import { REVIEW_MESSAGES } from "../../../shared/reviews";
import { priceNow, type PriceNow } from "../../../shared/price-now";
import { fromCents } from "../../../shared/pricing";
import type { DiscountCode, Lead, LeadPurchase } from "../../../shared/schema";
import type { CurrentUser } from "../../../shared/auth";
import type { Db } from "../../platform/db/client";
import { oneStatement } from "../../platform/db/pipelined";
import { leadSoldEventOf, type MarketEvents } from "../../platform/events";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import type { Logger } from "../../platform/logger";
import type { PaymentGateway } from "../../platform/payments";
import { claimDiscountUse, usableDiscount } from "../../core/discounts";
import { customerIsAmong } from "../../core/customers";
import { jobLinkWithLead } from "../../core/job-links";
import { handoverWithSale, type BuyerAccount, type HandoverSettings } from "../../core/messages";
import { standingFrom } from "../../core/providers";
import type { ElectricianStanding } from "../../../shared/profile-standing";
import { buyerSideOf } from "../../core/listing";
import { archiveAvailableLead, findBuyableLead, purchaseUsesIntent, sellLead } from "./repo";

export interface SaleDeps {
  db: Db;
  /** PostgreSQL: this turn's pipelined connection, when open, for the sale's statements that are each their own transaction (docs/decisions/124-statements-sent-together.md). */
  pipelined?: () => Db | undefined;
  payments: PaymentGateway;
  logger: Logger;
  now: () => Date;
  events: MarketEvents;
  /** The handover SMS to the customer of every sold market lead (docs/decisions/046-one-outbox.md). */
  handover: HandoverSettings;
}

export interface PriceQuote extends PriceNow {
  discount: DiscountCode | null;
  isAdminClaim: boolean;
}

export function priceLead(lead: Lead, user: CurrentUser, discount: DiscountCode | null, now: Date): PriceQuote {
  const isAdminClaim = can(user, "claimLeadsFree");
  return { ...priceNow(lead, discount, isAdminClaim, now), discount: isAdminClaim ? null : discount, isAdminClaim };
}

/**
 * The lead as this buyer may buy it. One they missed the contact promise on is not found, as a
 * lead they cannot see (docs/decisions/049). The exclusion commits with the relisting that makes
 * the lead available again, so a read that finds it on sale also finds the exclusion.
 */
export async function loadBuyableLead(db: Db, leadId: number, buyer: CurrentUser): Promise<BuyableLead> {
  const found = await findBuyableLead(db, leadId, { sideId: buyerSideOf(buyer), buyerId: buyer.id });
  if (!found || found.excluded) throw notFound(MARKET_MESSAGES.notFound);
  const { lead } = found;
  if (lead.status !== "available") throw conflict(MARKET_MESSAGES.alreadySold);
  if (customerIsAmong(lead, found.sideContacts)) throw new AppError(403, REVIEW_MESSAGES.selfPurchase);
  return { lead, buyerAccount: found.buyerAccount, electrician: standingFrom(found.buyerStanding) };
}

/** A lead this buyer may buy, with what the sale tells of the buyer, read with it in one statement. */
export interface BuyableLead {
  lead: Lead;
  /** Whom the handover SMS names. */
  buyerAccount: BuyerAccount | null;
  /** What the customer will see of the buyer: their profile and real rating (docs/decisions/060-public-profiles.md). */
  electrician: ElectricianStanding;
}

/** The lead and what this buyer owes for it now; the route has checked that they may buy. */
export async function quoteFor(deps: SaleDeps, user: CurrentUser, leadId: number, code: string | undefined, now: Date) {
  const buyable = await oneStatement(deps.db, deps.pipelined, (db) => loadBuyableLead(db, leadId, user));
  const discount = code ? await usableDiscount(deps.db, code, now) : null;
  return { ...buyable, quote: priceLead(buyable.lead, user, discount, now) };
}

/** Reserve the current price on the buyer's card (Stripe mode). */
export async function authoriseCard(deps: SaleDeps, user: CurrentUser, leadId: number, code: string | undefined) {
  const { lead, quote } = await quoteFor(deps, user, leadId, code, deps.now());
  if (quote.amountCents === 0) throw new AppError(400, "This lead is free to claim: no card needed");
  const auth = await deps.payments.authorise({
    amountCents: quote.amountCents,
    leadId: lead.id,
    buyerId: user.id,
    description: `Lead ${lead.jobReference}`,
  });
  return { clientSecret: auth.clientSecret, amount: fromCents(auth.amountCents) };
}

/** What this request did to the buyer's card, so a failure undoes exactly that and no more. */
export interface CardAttempt {
  captureTried: boolean;
}

/** Sells the lead to this buyer, or leaves their card as it was before this request. */
export async function purchaseLead(deps: SaleDeps, user: CurrentUser, leadId: number, input: PurchaseRequest) {
  const attempt: CardAttempt = { captureTried: false };
  let sale: Awaited<ReturnType<typeof sell>>;
  try {
    sale = await sell(deps, user, leadId, input, attempt);
  } catch (err) {
    await releaseHold(deps, user, leadId, input.paymentIntentId, attempt);
    throw err;
  }
  // A $0 sale (free claim, admin claim) takes no card: drop a hold made while it still cost money.
  if (!sale.charged) await releaseHold(deps, user, leadId, input.paymentIntentId, attempt);
  return sale;
}

/**
 * Best effort, logged: cancel this buyer's still-held authorisation; refund only what this
 * request captured when its sale did not commit. An intent a purchase row holds is a
 * completed sale (a replay of the winner's own id, the slower tap of a double-tap): never touched.
 */
async function releaseHold(deps: SaleDeps, user: CurrentUser, leadId: number, intentId: string | undefined, attempt: CardAttempt) {
  if (!intentId || deps.payments.mode !== "stripe") return;
  try {
    if (await purchaseUsesIntent(deps.db, intentId)) return;
    const outcome = await deps.payments.release(intentId, { leadId, buyerId: user.id }, { capturedHere: attempt.captureTried });
    if (outcome !== "untouched")
      deps.logger.info({ intentId, leadId, buyerId: user.id, outcome }, "card authorisation released after a sale that took no payment");
  } catch (err) {
    deps.logger.error(
      { err, intentId, leadId, buyerId: user.id, captureTried: attempt.captureTried },
      "could not release a buyer's card authorisation: check it in Stripe",
    );
  }
}

async function sell(deps: SaleDeps, user: CurrentUser, leadId: number, input: PurchaseRequest, attempt: CardAttempt) {
  const now = deps.now();
  const { lead, quote, buyerAccount, electrician } = await quoteFor(deps, user, leadId, input.discountCode, now);
  const needsCard = quote.amountCents > 0 && deps.payments.mode === "stripe";
  const intentId = input.paymentIntentId;
  if (needsCard && !intentId) throw new AppError(402, MARKET_MESSAGES.paymentRequired);
  if (needsCard && intentId) {
    await deps.payments.verify(intentId, { leadId, buyerId: user.id, amountCents: quote.amountCents });
  }
  const purchase = await commitSale(
    deps,
    {
      lead,
      quote,
      now,
      intentId: needsCard ? (intentId ?? null) : null,
      buyer: {
        id: user.id,
        name: input.buyerName ?? (`${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() || user.username),
        email: input.buyerEmail ?? user.email,
        phone: input.buyerPhone ?? user.phone,
        company: input.buyerCompany ?? user.companyName,
      },
      buyerAccount,
    },
    attempt,
  );
  return { purchase, lead: { ...lead, status: "sold" as const }, quote, electrician, charged: needsCard };
}

/** Who a sale is made to, as the purchase row records them. */
export interface SaleBuyer {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
}

/** What one sale commits: a manual purchase's, or an auto-buy order's (server/features/auto-buy). */
export interface SaleTerms {
  lead: Lead;
  buyer: SaleBuyer;
  quote: PriceNow & { discount?: DiscountCode | null };
  now: Date;
  /** The authorised PaymentIntent to capture; null when no card is charged (demo mode, $0). */
  intentId: string | null;
  /** The auto-buy order the sale is made for (docs/decisions/064-auto-buy-engine.md). */
  autoBuyOrderId?: number;
  /** The buyer's account for the handover SMS, when read with the lead (loadBuyableLead); else the handover reads it. */
  buyerAccount?: BuyerAccount | null;
  /**
   * Runs first inside the transaction, before the lead is won: an order locks its row and
   * checks its caps here, so they hold under concurrency (docs/decisions/064). Throws to refuse.
   */
  before?: (tx: Db) => Promise<void>;
  /** Runs inside the transaction once the purchase row exists, before the capture (an order's alert). */
  after?: (tx: Db, purchase: LeadPurchase) => Promise<void>;
}

/**
 * The one exclusive sale (docs/decisions/011), for a buyer at the screen and for an auto-buy order
 * alike: one statement wins the lead, records the purchase, writes the job link and the handover
 * SMS and takes the lead off every screen (docs/decisions/112-a-sale-in-one-statement.md). A sale
 * with more to do (a discount's use, an order's checks and alert, a card to capture) runs it in a
 * transaction with them; the capture comes last, so nothing that can fail runs after the money is
 * taken. The first commit wins; a loser never reaches the capture.
 */
export async function commitSale(deps: SaleDeps, terms: SaleTerms, attempt: CardAttempt): Promise<LeadPurchase> {
  const { lead, quote, now, intentId, buyer } = terms;
  const leadId = lead.id;
  const discount = terms.quote.discount ?? null;
  const sale = async (tx: Db) => {
    await terms.before?.(tx);
    // The customer hears who bought their request, by when they will call, and their job link:
    // written by the sale's own statement, so a sale that does not commit sends nothing.
    const minted: { link?: ReturnType<typeof jobLinkWithLead> } = {};
    const handover = await handoverWithSale(tx, deps.handover, {
      buyerId: buyer.id,
      buyer: terms.buyerAccount,
      lead,
      now,
      jobLink: () => (minted.link = jobLinkWithLead()).url,
    });
    const { storedWithLead } = deps.events;
    const sold = await sellLead(
      tx,
      {
        leadId,
        buyerId: buyer.id,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        buyerPhone: buyer.phone,
        buyerCompany: buyer.company,
        amountPaid: fromCents(quote.amountCents),
        originalPrice: fromCents(quote.originalPriceCents),
        discountAmount: fromCents(quote.discountAmountCents),
        discountCodeId: discount?.id ?? null,
        paymentStatus: "completed",
        paymentIntentId: intentId,
        autoBuyOrderId: terms.autoBuyOrderId ?? null,
        purchasedAt: now,
        updatedAt: now,
      },
      // Every sale, $0 claims too, takes the lead off every screen (docs/product.md section 12).
      { link: minted.link?.row ?? null, handover, event: { row: leadSoldEventOf, wake: storedWithLead.wake } },
    );
    if (!sold) throw conflict(MARKET_MESSAGES.alreadySold);
    if (discount && !(await claimDiscountUse(tx, discount.id, now))) {
      throw conflict(DISCOUNT_MESSAGES.used);
    }
    await terms.after?.(tx, sold.purchase);
    storedWithLead.stored(sold.eventId);
    // Captured inside the transaction (docs/decisions/011): if capture fails the sale rolls
    // back and the lead stays on the market; a loser never reaches this line, and the unique
    // payment_intent_id index above lets only one request per intent get here.
    if (intentId) {
      attempt.captureTried = true;
      await deps.payments.capture(intentId, quote.amountCents);
    }
    return sold.purchase;
  };
  // One statement is its own transaction; what runs beside it needs one around them both.
  const alone = !terms.before && !terms.after && !discount && !intentId;
  return alone ? oneStatement(deps.db, deps.pipelined, sale) : deps.db.transaction(sale);
}

/** Super admin: take an available lead off the market, and off every screen. False when there was none. */
export async function archiveLead(deps: SaleDeps, leadId: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    if (!(await archiveAvailableLead(tx, leadId, deps.now()))) return false;
    await deps.events.publish(tx, { type: "lead.removed", leadId, reason: "archived" });
    return true;
  });
}
