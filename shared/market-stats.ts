// The public price tape (docs/decisions/066-price-tape.md): the wire shapes of
// GET /api/market/stats and the operator's auction health, and the pure figures both are made
// of: percentiles exact to the cent from counts per value. Pure: the server publishes with
// these, the page reads the same JSON.
import { z } from "zod";
import { AUSTRALIAN_STATES } from "./state-time";

/** Published figures never show a group of fewer sales than this (docs/product.md section 14, "Published figures"). */
export const MIN_PUBLISHED_SALES = 5;

export const MARKET_WINDOWS = [30, 90] as const;
export type MarketWindow = (typeof MARKET_WINDOWS)[number];

export const MARKET_GROUPINGS = ["state", "region", "suburb", "serviceType", "hour"] as const;
export type MarketGrouping = (typeof MARKET_GROUPINGS)[number];

export const MARKET_STATS_MESSAGES = {
  days: "days must be 30 or 90",
  groupBy: "groupBy must be state, region, suburb, serviceType or hour",
  state: "state must be an Australian state or territory (NSW, VIC, QLD, SA, WA, TAS, NT, ACT)",
} as const;

export const marketStatsQuery = z.object({
  days: z.enum(["30", "90"], { message: MARKET_STATS_MESSAGES.days }).transform((d) => Number(d) as MarketWindow),
  groupBy: z.enum(MARKET_GROUPINGS, { message: MARKET_STATS_MESSAGES.groupBy }),
  state: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(AUSTRALIAN_STATES, { message: MARKET_STATS_MESSAGES.state }))
    .optional(),
});
export type MarketStatsQuery = z.infer<typeof marketStatsQuery>;

const dollars = z.string().regex(/^\d+\.\d{2}$/);

export const publishedRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  sales: z.number().int(),
  medianPrice: dollars,
  p25Price: dollars,
  p75Price: dollars,
  /** Minutes from going on sale to sold, one decimal. */
  medianMinutesToSale: z.number(),
  /** Of the group's finished listings, the share that reached $0 unsold (0 to 1, three decimals). */
  unsoldShare: z.number(),
});
export const suppressedRowSchema = z.object({ key: z.string(), label: z.string(), suppressed: z.literal(true) });
export const marketStatsRowSchema = z.union([publishedRowSchema, suppressedRowSchema]);
export type MarketStatsRow = z.infer<typeof marketStatsRowSchema>;

/** A week of the chart: its Monday (Sydney) and the median sale price, or suppressed like a row. */
export const marketWeekSchema = z.union([
  z.object({ week: z.string(), sales: z.number().int(), medianPrice: dollars }),
  z.object({ week: z.string(), suppressed: z.literal(true) }),
]);
export type MarketWeek = z.infer<typeof marketWeekSchema>;

export const marketStatsSchema = z.object({
  /** The window: from the start of its first Sydney day to when the figures were counted through. */
  from: z.string(),
  to: z.string(),
  rows: z.array(marketStatsRowSchema),
  /** With a state: the median sale price by week for the chart, the state's weeks only. */
  weeks: z.array(marketWeekSchema),
});
export type MarketStats = z.infer<typeof marketStatsSchema>;

// ---------- the operator's auction health ----------

export const auctionHealthRowSchema = z.object({
  region: z.string(),
  label: z.string(),
  state: z.string(),
  /** Monday of the Sydney week. */
  week: z.string(),
  sales: z.number().int(),
  unsold: z.number().int(),
  medianMinutesToSale: z.number().nullable(),
  unsoldShare: z.number(),
  medianPrice: dollars.nullable(),
  medianStartingPrice: dollars.nullable(),
});
export const auctionHealthSchema = z.object({ from: z.string(), to: z.string(), rows: z.array(auctionHealthRowSchema) });
export type AuctionHealth = z.infer<typeof auctionHealthSchema>;

// ---------- figures from counts ----------

/** One value (cents, minutes) and how many times it occurred. */
export interface ValueCount {
  value: number;
  n: number;
}

/**
 * The p-quantile (0..1) of the values the counts describe, by linear interpolation between the
 * closest ranks (position (n - 1) x p, as PERCENTILE.INC), rounded half up to a whole unit: the
 * median of an even count is the mean of the middle two, rounded half up. Null for no values.
 */
export function quantileOfCounts(counts: readonly ValueCount[], p: Quartile): number | null {
  const sorted = [...counts].filter((c) => c.n > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return null;
  const [lowRank, highRank] = quantileRanks(total, p);
  return interpolateQuantile(valueAtRank(sorted, lowRank), valueAtRank(sorted, highRank), total, p);
}

export type Quartile = 0.25 | 0.5 | 0.75;

/** The two ranks (0-based, in ascending order of value) the p-quantile of `total` values lies between. */
function quantileRanks(total: number, p: Quartile): [number, number] {
  const lowRank = Math.floor((total - 1) * p);
  return [lowRank, Math.min(lowRank + 1, total - 1)];
}

/** The p-quantile from the values at its two ranks (quantileRanks), rounded half up to a whole unit. */
export function interpolateQuantile(low: number, high: number, total: number, p: Quartile): number {
  // In whole units x 4 (p is a quarter), so the rounding is exact: no floating-point halves.
  const quarters = Math.round(((total - 1) * p - Math.floor((total - 1) * p)) * 4);
  return Math.floor((low * 4 + (high - low) * quarters + 2) / 4);
}

/** The median to one decimal (minutes): the mean of the middle two, half up at the second decimal. */
export function medianTenthsOfCounts(counts: readonly ValueCount[]): number | null {
  const tenfold = counts.map((c) => ({ value: c.value * 10, n: c.n }));
  const median = quantileOfCounts(tenfold, 0.5);
  return median === null ? null : median / 10;
}

function valueAtRank(sorted: readonly ValueCount[], rank: number): number {
  let seen = 0;
  for (const c of sorted) {
    seen += c.n;
    if (rank < seen) return c.value;
  }
  return sorted[sorted.length - 1]!.value;
}

/** 1234 -> "12.34". */
export const centsToDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
