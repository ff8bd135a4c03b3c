// The electrician's return (docs/decisions/067-insights.md): what the leads bought in a period
// cost, how far their jobs went, what they brought back, and the region's medians beside them.
// The wire shapes, the period's rules and the pure sums both sides use.
import { z } from "zod";
import { calendarDay } from "./calendar-day";
import { DECLINE_REASONS } from "./pipeline-jobs";
import { addDays, endOfSydneyDay, startOfSydneyDay, sydneyDayKey } from "./sydney-time";

/** A period may span at most this many Sydney days (a year and a day: "last 12 months" plus a leap day). */
export const MAX_INSIGHTS_DAYS = 366;
/** Peer medians need at least this many other electricians in the region (docs/product.md section 14: no figure from fewer than 5). */
export const MIN_PEERS = 5;

export const INSIGHTS_MESSAGES = {
  badDate: "Dates are written YYYY-MM-DD",
  reversed: "The From date is after the To date",
  tooLong: `Choose a period of at most ${MAX_INSIGHTS_DAYS} days`,
  notEnoughPeers: "Not enough electricians nearby to compare",
} as const;

const dayKey = calendarDay(INSIGHTS_MESSAGES.badDate);

/** Days from `from` to `to`, both counted. */
export const daysInPeriod = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** GET /api/insights?from=&to=: Sydney calendar days, both inclusive. */
export const insightsQuery = z
  .object({ from: dayKey, to: dayKey })
  .refine((p) => p.from <= p.to, { message: INSIGHTS_MESSAGES.reversed, path: ["from"] })
  .refine((p) => p.from > p.to || daysInPeriod(p.from, p.to) <= MAX_INSIGHTS_DAYS, { message: INSIGHTS_MESSAGES.tooLong, path: ["to"] });
export type InsightsQuery = z.infer<typeof insightsQuery>;

/** The instants a period covers: from Sydney's midnight starting `from` to the last millisecond of `to` (a DST day is 23 or 25 hours). */
export const periodInstants = (period: InsightsQuery) => ({ start: startOfSydneyDay(period.from), end: endOfSydneyDay(period.to) });

// ---------- the periods the screen offers ----------

export const PERIOD_CHOICES = [
  { value: "thisMonth", label: "This month" },
  { value: "lastMonth", label: "Last month" },
  { value: "last90", label: "Last 90 days" },
  { value: "custom", label: "Custom" },
] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number]["value"];

/** The Sydney days of a preset: this month so far, the whole of last month, or the last 90 days with today. */
export function presetPeriod(choice: Exclude<PeriodChoice, "custom">, now: Date): InsightsQuery {
  const today = sydneyDayKey(now);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  if (choice === "thisMonth") return { from: firstOfMonth, to: today };
  if (choice === "lastMonth") {
    const lastDay = addDays(firstOfMonth, -1);
    return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
  }
  return { from: addDays(today, -89), to: today };
}

/** The Monday that starts the Sydney week of a day key ("revenue and cost by week"). */
export function weekStartOf(key: string): string {
  const weekday = new Date(`${key}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  return addDays(key, -((weekday + 6) % 7));
}

// ---------- the sums ----------

/** The middle value, the mean of the middle two for an even count; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A median of cents, half a cent rounded up (the mean of 101 and 102 cents is 102). */
export function medianCents(values: readonly number[]): number | null {
  const m = median(values);
  return m === null ? null : Math.floor(m + 0.5);
}

/** Revenue per lead dollar, to 2 decimals; null when nothing was spent. */
export const returnOnSpend = (revenueCents: number, spendCents: number): number | null =>
  spendCents === 0 ? null : Math.round((revenueCents / spendCents) * 100) / 100;

/** Spend per won job, in cents (half up); null when no job was won. */
export const costPerWonJobCents = (spendCents: number, won: number): number | null => (won === 0 ? null : Math.floor(spendCents / won + 0.5));

// ---------- the wire ----------

const money = z.string().describe('Dollars with 2 decimals, "40.00"');

export const declineReasonCounts = z.object(
  Object.fromEntries(DECLINE_REASONS.map((r) => [r, z.number().int()])) as Record<(typeof DECLINE_REASONS)[number], z.ZodNumber>,
);
export type DeclineReasonCounts = z.infer<typeof declineReasonCounts>;

const figureFields = {
  leadsBought: z.number().int(),
  /** Lead cost after discounts, less refunds. */
  spend: money,
  /** Reached first contact (a logged attempt or Called or a later stage); the funnel's second step. */
  contacted: z.number().int(),
  quoted: z.number().int(),
  accepted: z.number().int(),
  booked: z.number().int(),
  paid: z.number().int(),
  declined: z.number().int(),
  /** Payments received on these jobs, less refunds, ex-GST. */
  revenue: money,
  returnOnSpend: z.number().nullable(),
  costPerWonJob: money.nullable(),
  medianMinutesToContact: z.number().int().nullable(),
};

/** The region's medians: each over the peers for whom the figure exists, null when fewer than MIN_PEERS have it. */
export const peerFigures = z.object({
  /** The region's name (an ABS SA4 area, "Sydney - Parramatta"). */
  region: z.string(),
  electricians: z.number().int(),
  leadsBought: z.number().nullable(),
  spend: money.nullable(),
  contacted: z.number().nullable(),
  quoted: z.number().nullable(),
  accepted: z.number().nullable(),
  booked: z.number().nullable(),
  paid: z.number().nullable(),
  declined: z.number().nullable(),
  revenue: money.nullable(),
  returnOnSpend: z.number().nullable(),
  costPerWonJob: money.nullable(),
  medianMinutesToContact: z.number().nullable(),
});
export type PeerFigures = z.infer<typeof peerFigures>;

/** One job behind the figures: for the links to the pipeline and the CSV. */
export const insightsJob = z.object({
  purchaseId: z.number().int(),
  jobReference: z.string(),
  serviceType: z.string(),
  suburb: z.string().nullable(),
  purchasedAt: z.string(),
  cost: money,
  revenue: money,
  contacted: z.boolean(),
  quoted: z.boolean(),
  accepted: z.boolean(),
  booked: z.boolean(),
  paid: z.boolean(),
  declined: z.boolean(),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  minutesToContact: z.number().int().nullable(),
});
export type InsightsJob = z.infer<typeof insightsJob>;

export const insightsWeek = z.object({ weekStart: z.string(), spend: money, revenue: money });

export const insightsResponse = z.object({
  from: z.string(),
  to: z.string(),
  ...figureFields,
  declineReasons: declineReasonCounts,
  peer: peerFigures.nullable(),
  /** Whose jobs: the whole business (an owner) or the jobs assigned to the viewer (a team member). */
  scope: z.enum(["business", "assigned"]),
  /** By the Monday of the week each lead was bought. */
  weeks: z.array(insightsWeek),
  jobs: z.array(insightsJob),
});
export type InsightsResponse = z.infer<typeof insightsResponse>;
