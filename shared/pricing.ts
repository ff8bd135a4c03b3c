// The auction, pure and shared: the server charges from it, the client ticks from it.
// docs/product.md section 10 "Auction price"; docs/product.md sections 1 and 9.

export const AUCTION_SECONDS = 3600;
export const MINIMUM_STARTING_CENTS = 4000;
export const RECENT_SALES_WINDOW = 5;
const MARKUP = 1.1;
/** MAX_STARTING_PRICE's default (docs/product.md section 13, docs/decisions/025). */
export const DEFAULT_MAX_STARTING_CENTS = 40_000;
/** The most a numeric(10,2) money column holds: every money input is bounded by it. */
export const MAX_STORED_CENTS = 9_999_999_999;
export const MONEY_TOO_LARGE = "The amount is at most $99,999,999.99";

/** "12.34" -> 1234. Money travels as 2-decimal strings (docs/runtime.md section 3). */
export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

/** 1234 -> "12.34" */
export function fromCents(cents: number): string {
  return (Math.max(0, Math.round(cents)) / 100).toFixed(2);
}

/**
 * A new lead's fixed starting price: the average of the last 5 paid sales plus 10%,
 * never below $40 and never above `maxCents` (MAX_STARTING_PRICE). `recentSales` is newest
 * first; only the first 5 count, each at most the cap, so the ratchet stops at the cap and
 * a sale recorded before the cap existed cannot hold prices there (docs/decisions/025).
 */
export function startingPriceFor(recentSales: ReadonlyArray<string | number>, maxCents = DEFAULT_MAX_STARTING_CENTS): string {
  const window = recentSales.slice(0, RECENT_SALES_WINDOW).map((sale) => Math.min(toCents(sale), maxCents));
  if (window.length === 0) return fromCents(MINIMUM_STARTING_CENTS);
  const averageCents = window.reduce((sum, c) => sum + c, 0) / window.length;
  return fromCents(Math.min(maxCents, Math.max(MINIMUM_STARTING_CENTS, Math.round(averageCents * MARKUP))));
}

export interface AuctionState {
  /** The price now, "0.00" once the hour is up. */
  price: string;
  priceCents: number;
  /** Whole seconds until the lead is free (0 when free). */
  secondsLeft: number;
  isFree: boolean;
}

/** Linear fall from the starting price to $0 over one hour from the auction start. */
export function auctionPriceAt(startingPrice: string | number, auctionStartedAt: Date | string, now: Date): AuctionState {
  const startMs = new Date(auctionStartedAt).getTime();
  const elapsedSeconds = Math.max(0, (now.getTime() - startMs) / 1000);
  const remainingFraction = Math.max(0, 1 - elapsedSeconds / AUCTION_SECONDS);
  const priceCents = Math.round(toCents(startingPrice) * remainingFraction);
  return {
    price: fromCents(priceCents),
    priceCents,
    secondsLeft: Math.ceil(Math.max(0, AUCTION_SECONDS - elapsedSeconds)),
    isFree: priceCents <= 0,
  };
}
