// What a buyer owes now: the live auction price less an applied code, $0 for the super
// admin's claim. One rule for the server's charge and the purchase dialog's display.
// The names are the wire's, in cents: originalPrice and discountAmount as a purchase stores
// them, and amount as create-payment-intent carries it (docs/product.md sections 3 and 7), which a
// sale stores as amountPaid.
import { discountCents, type DiscountRule } from "./discount-rule";
import { auctionPriceAt } from "./pricing";

export interface PriceNow {
  /** The auction's price now, before any code. */
  originalPriceCents: number;
  discountAmountCents: number;
  /** What the buyer pays. */
  amountCents: number;
  /** The auction reached $0 or the buyer is the super admin: a claim, not a sale. */
  isClaim: boolean;
}

export function priceNow(
  lead: { startingPrice: string; auctionStartedAt: Date | string },
  discount: DiscountRule | null,
  claimsFree: boolean,
  now: Date,
): PriceNow {
  const { priceCents: originalPriceCents, isFree } = auctionPriceAt(lead.startingPrice, lead.auctionStartedAt, now);
  if (claimsFree) return { originalPriceCents, discountAmountCents: 0, amountCents: 0, isClaim: true };
  const discountAmountCents = discount ? discountCents(originalPriceCents, discount) : 0;
  return { originalPriceCents, discountAmountCents, amountCents: originalPriceCents - discountAmountCents, isClaim: isFree };
}
