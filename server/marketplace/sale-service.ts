// The story of a sale (issue 5): price it on the server, check the payment, win the lead
// in one transaction, then take the money only from the winner.
import { DISCOUNT_MESSAGES, discountCents } from "../../shared/discounts";
import { MARKET_MESSAGES, type PurchaseRequest } from "../../shared/marketplace";
import { auctionPriceAt, fromCents } from "../../shared/pricing";
import type { DiscountCode, Lead } from "../../shared/schema";
import type { CurrentUser } from "../../shared/auth";
import type { Db } from "../db/client";
import { AppError, conflict, forbidden, notFound } from "../http/errors";
import type { Logger } from "../logger";
import type { PaymentGateway } from "../payments/gateway";
import { claimDiscountUse, findDiscountCode, findMarketLead, insertPurchase, markSold } from "./repo";

export interface SaleDeps {
  db: Db;
  payments: PaymentGateway;
  logger: Logger;
  now: () => Date;
}

export interface PriceQuote {
  originalCents: number;
  discountCents: number;
  amountCents: number;
  discount: DiscountCode | null;
  isAdminClaim: boolean;
}

export function assertCanBuy(user: CurrentUser) {
  if (user.userType === "team_member") throw forbidden(MARKET_MESSAGES.teamCannotBuy);
  if (user.userType !== "provider" && user.userType !== "super_admin") throw forbidden("Only electricians can buy leads");
}

/** A code the buyer may use right now, or an AppError saying why not. Uses are counted at sale. */
export async function usableDiscount(db: Db, code: string, now: Date): Promise<DiscountCode> {
  const discount = await findDiscountCode(db, code);
  if (!discount || !discount.isActive || discount.validFrom > now) throw new AppError(400, DISCOUNT_MESSAGES.invalid);
  if (discount.validUntil && discount.validUntil <= now) throw new AppError(400, DISCOUNT_MESSAGES.expired);
  if (discount.maxUses !== null && discount.currentUses >= discount.maxUses) throw new AppError(400, DISCOUNT_MESSAGES.used);
  return discount;
}

export function priceLead(lead: Lead, user: CurrentUser, discount: DiscountCode | null, now: Date): PriceQuote {
  const { priceCents } = auctionPriceAt(lead.startingPrice, lead.auctionStartedAt, now);
  if (user.userType === "super_admin") {
    return { originalCents: priceCents, discountCents: 0, amountCents: 0, discount: null, isAdminClaim: true };
  }
  const off = discount ? discountCents(priceCents, discount) : 0;
  return { originalCents: priceCents, discountCents: off, amountCents: priceCents - off, discount, isAdminClaim: false };
}

export async function loadBuyableLead(db: Db, leadId: number): Promise<Lead> {
  const lead = await findMarketLead(db, leadId);
  if (!lead) throw notFound(MARKET_MESSAGES.notFound);
  if (lead.status !== "available") throw conflict(MARKET_MESSAGES.alreadySold);
  return lead;
}

export async function quoteFor(deps: SaleDeps, user: CurrentUser, leadId: number, code: string | undefined, now: Date) {
  assertCanBuy(user);
  const lead = await loadBuyableLead(deps.db, leadId);
  const discount = code ? await usableDiscount(deps.db, code, now) : null;
  return { lead, quote: priceLead(lead, user, discount, now) };
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

/** Sells the lead to this buyer, or leaves their card as it was before (never charged). */
export async function purchaseLead(deps: SaleDeps, user: CurrentUser, leadId: number, input: PurchaseRequest) {
  try {
    return await sell(deps, user, leadId, input);
  } catch (err) {
    if (input.paymentIntentId && deps.payments.mode === "stripe") {
      await deps.payments.release(input.paymentIntentId, { leadId, buyerId: user.id }).catch((releaseErr: unknown) => {
        deps.logger.error({ err: releaseErr, intentId: input.paymentIntentId }, "could not release a losing buyer's card authorisation");
      });
    }
    throw err;
  }
}

async function sell(deps: SaleDeps, user: CurrentUser, leadId: number, input: PurchaseRequest) {
  const now = deps.now();
  const { lead, quote } = await quoteFor(deps, user, leadId, input.discountCode, now);
  const needsCard = quote.amountCents > 0 && deps.payments.mode === "stripe";
  const intentId = input.paymentIntentId;
  if (needsCard && !intentId) throw new AppError(402, MARKET_MESSAGES.paymentRequired);
  if (needsCard && intentId) {
    await deps.payments.verify(intentId, { leadId, buyerId: user.id, amountCents: quote.amountCents });
  }

  const purchase = await deps.db.transaction(async (tx) => {
    if (!(await markSold(tx, leadId, now))) throw conflict(MARKET_MESSAGES.alreadySold);
    if (quote.discount && !(await claimDiscountUse(tx, quote.discount.id, now))) {
      throw conflict(DISCOUNT_MESSAGES.used);
    }
    const row = await insertPurchase(tx, {
      leadId,
      buyerId: user.id,
      buyerName: input.buyerName ?? (`${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() || user.username),
      buyerEmail: input.buyerEmail ?? user.email,
      buyerPhone: input.buyerPhone ?? user.phone,
      buyerCompany: input.buyerCompany ?? user.companyName,
      amountPaid: fromCents(quote.amountCents),
      originalPrice: fromCents(quote.originalCents),
      discountAmount: fromCents(quote.discountCents),
      discountCodeId: quote.discount?.id,
      paymentStatus: "completed",
      paymentIntentId: needsCard ? intentId : null,
      purchasedAt: now,
      updatedAt: now,
    });
    // Captured inside the transaction: if capture fails the sale rolls back and the lead
    // stays on the market; a loser never reaches this line.
    if (needsCard && intentId) await deps.payments.capture(intentId, quote.amountCents);
    return row;
  });
  return { purchase, lead: { ...lead, status: "sold" as const }, quote };
}
