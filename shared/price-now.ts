// What a buyer owes now: the live auction price less an applied code, $0 for the super
// admin's claim. One rule for the server's charge and the purchase dialog's display.
import { discountCents, type DiscountRule } from "./discounts";
import { auctionPriceAt } from "./pricing";

export interface PriceNow {
  priceCents: number;
  offCents: number;
  dueCents: number;
  /** The auction reached $0 or the buyer is the super admin: a claim, not a sale. */
  isClaim: boolean;
}

export function priceNow(
  lead: { startingPrice: string; auctionStartedAt: Date | string },
  discount: DiscountRule | null,
  isAdmin: boolean,
  now: Date,
): PriceNow {
  const { priceCents, isFree } = auctionPriceAt(lead.startingPrice, lead.auctionStartedAt, now);
  if (isAdmin) return { priceCents, offCents: 0, dueCents: 0, isClaim: true };
  const offCents = discount ? discountCents(priceCents, discount) : 0;
  return { priceCents, offCents, dueCents: priceCents - offCents, isClaim: isFree };
}
