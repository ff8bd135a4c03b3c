// Auto-buy: an electrician's standing orders (docs/decisions/063-auto-buy-orders.md). The wire
// shapes and the pure rules every side shares: when a falling price reaches an order's maximum,
// which order goes first, and the Sydney day and week its caps are counted in.
import { z } from "zod";
import { AUTO_BUY_MESSAGES, AUTO_BUY_MAX_PER_DAY, AUTO_BUY_RADIUS_MIN_KM, AUTO_BUY_RADIUS_MAX_KM } from "./auto-buy-messages";
import { JOB_PROPERTY_TYPES, JOB_SERVICE_TYPES, MANUAL_URGENCIES, QUOTE_URGENCIES } from "./enums";
import { recordId } from "./ids";
import { AUCTION_SECONDS, auctionPriceAt, MAX_STORED_CENTS, toCents } from "./pricing";
import { addDays, startOfSydneyDay, sydneyDayKey } from "./sydney-time";

export const AUTO_BUY_URGENCIES = [...new Set([...QUOTE_URGENCIES, ...MANUAL_URGENCIES])] as [string, ...string[]];
/** The preview looks back this many days. */
export const AUTO_BUY_PREVIEW_DAYS = 30;

export const AUTO_BUY_STATUSES = ["active", "paused"] as const;
export const AUTO_BUY_PAUSE_REASONS = ["owner", "until_date", "missed_promise", "card_declined"] as const;
export type AutoBuyPauseReason = (typeof AUTO_BUY_PAUSE_REASONS)[number];

/** Whether the order's card can be charged: demo mode needs none; Stripe needs one saved by a SetupIntent. */
export const AUTO_BUY_CARD_STATUSES = ["demo", "needed", "saved"] as const;

const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;
const moneyText = (v: unknown) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v);

/** A money string above $0 within numeric(10,2): "25" or 25 in, "25.00" out. */
const positiveMoney = (message: string) =>
  z.preprocess(
    moneyText,
    z
      .string({ error: message })
      .regex(MONEY_PATTERN, message)
      .refine((v) => toCents(v) > 0 && toCents(v) <= MAX_STORED_CENTS, message)
      .transform((v) => (toCents(v) / 100).toFixed(2)),
  );

const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values))
    .max(values.length)
    .transform((list) => [...new Set(list)]);

/** The order's fields as the owner sets them; an empty list means "any". */
const orderFields = {
  /** With `suburbId`: the radius around that suburb. Without: the radius around the service location; both null: the service area. */
  radiusKm: z
    .number({ error: AUTO_BUY_MESSAGES.radius })
    .int(AUTO_BUY_MESSAGES.radius)
    .min(AUTO_BUY_RADIUS_MIN_KM, AUTO_BUY_MESSAGES.radius)
    .max(AUTO_BUY_RADIUS_MAX_KM, AUTO_BUY_MESSAGES.radius)
    .nullable(),
  suburbId: recordId.nullable(),
  serviceTypes: choices(JOB_SERVICE_TYPES),
  propertyTypes: choices(JOB_PROPERTY_TYPES),
  urgencies: choices(AUTO_BUY_URGENCIES),
  minLeadScore: z
    .number({ error: AUTO_BUY_MESSAGES.minLeadScore })
    .int(AUTO_BUY_MESSAGES.minLeadScore)
    .min(0, AUTO_BUY_MESSAGES.minLeadScore)
    .max(100, AUTO_BUY_MESSAGES.minLeadScore),
  verifiedMobileOnly: z.boolean(),
  maxPrice: positiveMoney(AUTO_BUY_MESSAGES.maxPrice),
  maxPerDay: z
    .number({ error: AUTO_BUY_MESSAGES.maxPerDay })
    .int(AUTO_BUY_MESSAGES.maxPerDay)
    .min(1, AUTO_BUY_MESSAGES.maxPerDay)
    .max(AUTO_BUY_MAX_PER_DAY, AUTO_BUY_MESSAGES.maxPerDay),
  maxPerWeek: positiveMoney(AUTO_BUY_MESSAGES.maxPerWeek),
  /** Paused until this instant (ISO 8601), then active again by itself; null: not paused by date. */
  pausedUntil: z.iso.datetime({ offset: true, error: AUTO_BUY_MESSAGES.pausedUntil }).nullable(),
};

const radiusNeedsSuburb = (order: { suburbId?: number | null; radiusKm?: number | null }) => !(order.suburbId != null && order.radiusKm == null);

/** A new order's fields, before the rule that a suburb needs its radius. */
const createFields = z
  .object({
    ...orderFields,
    radiusKm: orderFields.radiusKm.optional().default(null),
    suburbId: orderFields.suburbId.optional().default(null),
    serviceTypes: orderFields.serviceTypes.optional().default([]),
    propertyTypes: orderFields.propertyTypes.optional().default([]),
    urgencies: orderFields.urgencies.optional().default([]),
    minLeadScore: orderFields.minLeadScore.optional().default(0),
    verifiedMobileOnly: orderFields.verifiedMobileOnly.optional().default(false),
    pausedUntil: orderFields.pausedUntil.optional().default(null),
  })
  .strict();

/** POST /api/auto-buy-orders, and its preview, which takes the same fields: `maxPrice`, `maxPerDay` and `maxPerWeek` are required. */
export const autoBuyOrderCreateRequest = createFields.refine(radiusNeedsSuburb, { message: AUTO_BUY_MESSAGES.radiusNeedsSuburb, path: ["radiusKm"] });
export type AutoBuyOrderCreateRequest = z.input<typeof autoBuyOrderCreateRequest>;
export type AutoBuyOrderFields = z.output<typeof autoBuyOrderCreateRequest>;

export const autoBuyPreviewResponse = z.object({
  /** Leads the order would have bought in the last 30 days, caps applied. */
  leads: z.number().int(),
  /** Their average price, "0.00" when none. */
  averagePrice: z.string(),
});
export type AutoBuyPreview = z.infer<typeof autoBuyPreviewResponse>;

/**
 * POST /api/auto-buy-orders/buys-now: the order as it would be saved, and which saved order it is
 * (`orderId`, when editing or resuming: what that order bought today and this week counts against
 * its caps). Answers what saving it would buy at once (docs/decisions/083-auto-buy-says-what-it-buys.md).
 */
export const autoBuyBuysNowRequest = createFields
  .extend({ orderId: recordId.nullable().optional().default(null) })
  .refine(radiusNeedsSuburb, { message: AUTO_BUY_MESSAGES.radiusNeedsSuburb, path: ["radiusKm"] });
export type AutoBuyBuysNowRequest = z.input<typeof autoBuyBuysNowRequest>;

export const autoBuyBuysNowResponse = z.object({
  /** The leads on sale now that the order wants at or under its maximum, in the order it would buy them, caps (its own and the business's) applied. */
  leads: z.array(z.object({ leadId: z.number().int(), title: z.string(), price: z.string() })),
  /** What they cost in all, "0.00" when none. */
  total: z.string(),
});
export type AutoBuyBuysNow = z.infer<typeof autoBuyBuysNowResponse>;

/** PUT /api/auto-buy-orders/business-caps: the owner's caps across all their orders; null is no such cap. */
export const autoBuyBusinessCapsRequest = z
  .object({
    maxPerDay: orderFields.maxPerDay.nullable(),
    maxPerWeek: orderFields.maxPerWeek.nullable(),
  })
  .strict();
export type AutoBuyBusinessCapsRequest = z.input<typeof autoBuyBusinessCapsRequest>;

export const autoBuyBusinessCapsSchema = z.object({
  maxPerDay: z.number().int().nullable(),
  maxPerWeek: z.string().nullable(),
  /** Across all the owner's orders, deleted ones too, in the same Sydney day and week as each order's. */
  boughtToday: z.number().int(),
  spentThisWeek: z.string(),
});
export type AutoBuyBusinessCaps = z.infer<typeof autoBuyBusinessCapsSchema>;

/**
 * PATCH /api/auto-buy-orders/:id: any field of the order, plus `status` as the owner's switch:
 * "paused" pauses it (reason `owner`), "active" resumes it whatever paused it (clearing
 * `pausedUntil`). A future `pausedUntil` alone pauses until then (reason `until_date`).
 */
export const autoBuyOrderUpdateRequest = z
  .object({
    radiusKm: orderFields.radiusKm,
    suburbId: orderFields.suburbId,
    serviceTypes: orderFields.serviceTypes,
    propertyTypes: orderFields.propertyTypes,
    urgencies: orderFields.urgencies,
    minLeadScore: orderFields.minLeadScore,
    verifiedMobileOnly: orderFields.verifiedMobileOnly,
    maxPrice: orderFields.maxPrice,
    maxPerDay: orderFields.maxPerDay,
    maxPerWeek: orderFields.maxPerWeek,
    pausedUntil: orderFields.pausedUntil,
    status: z.enum(AUTO_BUY_STATUSES),
  })
  .partial()
  .strict();
export type AutoBuyOrderUpdateRequest = z.input<typeof autoBuyOrderUpdateRequest>;

/** POST /api/auto-buy-orders/:id/card: the SetupIntent Stripe confirmed in the browser. */
export const autoBuyCardRequest = z.object({ setupIntentId: z.string().trim().min(1).max(255) }).strict();

export const autoBuyOrderSchema = z.object({
  id: z.number().int(),
  radiusKm: z.number().int().nullable(),
  suburbId: z.number().int().nullable(),
  /** "Parramatta NSW 2150" for a radius around a suburb; null otherwise. */
  suburbLabel: z.string().nullable(),
  serviceTypes: z.array(z.string()),
  propertyTypes: z.array(z.string()),
  urgencies: z.array(z.string()),
  minLeadScore: z.number().int(),
  verifiedMobileOnly: z.boolean(),
  maxPrice: z.string(),
  maxPerDay: z.number().int(),
  maxPerWeek: z.string(),
  pausedUntil: z.string().nullable(),
  status: z.enum(AUTO_BUY_STATUSES),
  pausedReason: z.enum(AUTO_BUY_PAUSE_REASONS).nullable(),
  /** Counted in Sydney's calendar day and week (Monday start); a refund gives no room back. */
  spentToday: z.string(),
  boughtToday: z.number().int(),
  spentThisWeek: z.string(),
  card: z.object({ status: z.enum(AUTO_BUY_CARD_STATUSES), brand: z.string().nullable(), last4: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AutoBuyOrder = z.infer<typeof autoBuyOrderSchema>;

/** POST answers the order and, in Stripe mode, the SetupIntent to confirm the card with. */
export const autoBuyOrderCreated = autoBuyOrderSchema.extend({
  setup: z.object({ clientSecret: z.string() }).nullable(),
});
export type AutoBuyOrderCreated = z.infer<typeof autoBuyOrderCreated>;

export const autoBuyOrderList = z.object({ orders: z.array(autoBuyOrderSchema), businessCaps: autoBuyBusinessCapsSchema });
export type AutoBuyOrderList = z.infer<typeof autoBuyOrderList>;

/** The tie-break in words, shown on the orders screen and kept in docs/decisions/063. */
export const AUTO_BUY_TIE_BREAK_TEXT =
  "When several orders want the same lead, the one with the highest maximum price buys it, because the falling price reaches it first. Between equal maximums, the business that auto-bought the fewest leads in the last 7 days goes first, then the oldest order.";

/**
 * The first instant at which the lead's price is at or below `maxPriceCents`: the auction start
 * when it starts there already, null when the price never gets there (it does by $0 unless the
 * maximum is negative). Exact to the millisecond against shared/pricing.ts's rounding.
 */
export function momentPriceReaches(lead: { startingPrice: string | number; auctionStartedAt: Date | string }, maxPriceCents: number): Date | null {
  if (maxPriceCents < 0) return null;
  const startMs = new Date(lead.auctionStartedAt).getTime();
  const startCents = toCents(lead.startingPrice);
  if (startCents <= maxPriceCents) return new Date(startMs);
  const reached = (ms: number) => auctionPriceAt(lead.startingPrice, lead.auctionStartedAt, new Date(ms)).priceCents <= maxPriceCents;
  // Price rounds half up: round(S × (1 − e/T)) ≤ M once S × (1 − e/T) < M + 0.5.
  let ms = startMs + Math.max(0, Math.floor(AUCTION_SECONDS * 1000 * (1 - (maxPriceCents + 0.5) / startCents)));
  while (ms > startMs && reached(ms - 1)) ms -= 1;
  while (!reached(ms)) ms += 1;
  return new Date(ms);
}

export interface TieBreakCandidate {
  orderId: number;
  maxPriceCents: number;
  /** Leads the order's owner auto-bought in the last 7 days. */
  ownerRecentAutoBuys: number;
  createdAt: Date | string;
}

/** The order of turns among orders wanting one lead: highest maximum, fewest recent auto-buys, oldest. */
export function compareForTurn(a: TieBreakCandidate, b: TieBreakCandidate): number {
  return (
    b.maxPriceCents - a.maxPriceCents ||
    a.ownerRecentAutoBuys - b.ownerRecentAutoBuys ||
    new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() ||
    a.orderId - b.orderId
  );
}

/** The Sydney calendar day and week (Monday start) an instant falls in, as [start, end) instants. */
export function capWindows(now: Date): { dayStart: Date; dayEnd: Date; weekStart: Date; weekEnd: Date } {
  const today = sydneyDayKey(now);
  // Day keys are calendar dates: their UTC weekday is the Sydney weekday (0 Sunday).
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  return {
    dayStart: startOfSydneyDay(today),
    dayEnd: startOfSydneyDay(addDays(today, 1)),
    weekStart: startOfSydneyDay(monday),
    weekEnd: startOfSydneyDay(addDays(monday, 7)),
  };
}

export interface CapUse {
  boughtToday: number;
  spentTodayCents: number;
  spentThisWeekCents: number;
}

/** Caps as counts and cents; a business without a cap has Infinity there. */
export interface CapLimits {
  maxPerDay: number;
  maxPerWeekCents: number;
}

/** A business's caps as limits: no cap set is no limit. */
export const businessLimits = (caps: { maxPerDay: number | null; maxPerWeek: string | null } | undefined): CapLimits => ({
  maxPerDay: caps?.maxPerDay ?? Number.POSITIVE_INFINITY,
  maxPerWeekCents: caps?.maxPerWeek == null ? Number.POSITIVE_INFINITY : toCents(caps.maxPerWeek),
});

/** Whether one more lead at `priceCents` keeps the order (or the business) within both caps. */
export function fitsCaps(order: CapLimits, used: CapUse, priceCents: number): boolean {
  return used.boughtToday + 1 <= order.maxPerDay && used.spentThisWeekCents + priceCents <= order.maxPerWeekCents;
}

/** Paused now: by its owner, by a missed promise or a declined card, or until a date still ahead. */
export function isPausedAt(order: { pausedReason: AutoBuyPauseReason | null; pausedUntil: Date | string | null }, now: Date): boolean {
  if (order.pausedReason === null) return false;
  if (order.pausedReason === "until_date") return order.pausedUntil !== null && new Date(order.pausedUntil).getTime() > now.getTime();
  return true;
}

export const AUTO_BUY_PAUSE_LABELS: Record<AutoBuyPauseReason, string> = {
  owner: "Paused",
  until_date: "Paused until",
  missed_promise: "Paused: a customer was not called in time",
  card_declined: "Paused: the card was declined",
};
