// What the purchase dialog shows as due: the live auction price less the applied code,
// worked out every tick with the server's own arithmetic (the server still decides the charge).
import { discountCents, type DiscountRule } from "@shared/discounts";
import type { MarketLead } from "@shared/marketplace";
import { auctionPriceAt } from "@shared/pricing";

export interface AppliedDiscount extends DiscountRule {
  code: string;
}

export interface PriceNow {
  priceCents: number;
  offCents: number;
  dueCents: number;
  /** The auction reached $0 or the buyer is the super admin: a claim, not a sale. */
  isClaim: boolean;
}

export function priceNow(lead: Pick<MarketLead, "startingPrice" | "auctionStartedAt">, discount: AppliedDiscount | null, isAdmin: boolean, now: Date): PriceNow {
  const { priceCents, isFree } = auctionPriceAt(lead.startingPrice, lead.auctionStartedAt, now);
  if (isAdmin) return { priceCents, offCents: 0, dueCents: 0, isClaim: true };
  const offCents = discount ? discountCents(priceCents, discount) : 0;
  return { priceCents, offCents, dueCents: priceCents - offCents, isClaim: isFree };
}
