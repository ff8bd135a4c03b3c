// An auto-buy order in words, as its card shows it (docs/decisions/065-auto-buy-screens.md): the
// area, the filters, the caps against what was spent, the status and the card. Pure, so the
// words are tested without a browser.
import { AUTO_BUY_PAUSE_LABELS, AUTO_BUY_PREVIEW_DAYS, type AutoBuyBuysNow, type AutoBuyOrder, type AutoBuyPreview } from "@shared/auto-buy";
import { DEFAULT_SERVICE_RADIUS } from "@shared/service-radius";
import { formatMoney } from "@shared/format";
import { labelOf } from "@shared/labels";
import { minLeadScoreText } from "@shared/lead-score";
import { toCents } from "@shared/pricing";
import { formatSydneyDateTime } from "@shared/sydney-time";

/** Where the owner's service area is, for the orders that follow it. */
export interface ServiceArea {
  serviceLocation: string | null;
  serviceRadius: number | null;
}

type Area = Pick<AutoBuyOrder, "radiusKm" | "suburbId" | "suburbLabel">;

/** "Within 15 km of Parramatta NSW 2150", "Your service area: within 30 km of Parramatta NSW 2150". */
export function areaText(order: Area, home: ServiceArea): string {
  const base = home.serviceLocation ?? "your base";
  if (order.suburbId !== null) return `Within ${order.radiusKm ?? DEFAULT_SERVICE_RADIUS} km of ${order.suburbLabel ?? "the chosen suburb"}`;
  if (order.radiusKm !== null) return `Within ${order.radiusKm} km of ${base}`;
  if (!home.serviceLocation) return "Your service area (not set yet)";
  return `Your service area: within ${home.serviceRadius ?? DEFAULT_SERVICE_RADIUS} km of ${base}`;
}

const listOf = (field: "serviceType" | "propertyType" | "urgency", values: string[], any: string) =>
  values.length === 0 ? any : values.map((v) => labelOf(field, v)).join(", ");

/** The order's filters as label and words, an empty list reading "Any ...". */
export function filterLines(order: AutoBuyOrder): Array<[label: string, text: string]> {
  return [
    ["Jobs", listOf("serviceType", order.serviceTypes, "Any service type")],
    ["Properties", listOf("propertyType", order.propertyTypes, "Any property type")],
    ["Urgency", listOf("urgency", order.urgencies, "Any urgency")],
    ["Lead score", minLeadScoreText(order.minLeadScore)],
    ["Mobile", order.verifiedMobileOnly ? "Verified mobiles only" : "Verified or not"],
  ];
}

export interface CapBar {
  text: string;
  /** 0 to 1, how full the bar is. */
  fraction: number;
  full: boolean;
}

const barOf = (used: number, cap: number, text: string): CapBar => {
  const fraction = cap > 0 ? Math.min(1, used / cap) : 1;
  return { text, fraction, full: used >= cap };
};

/** "Today: 2 of 3 leads" and "This week: $48.20 of $200.00", with how full each is. */
export function capBars(order: Pick<AutoBuyOrder, "boughtToday" | "maxPerDay" | "spentThisWeek" | "maxPerWeek">): { today: CapBar; week: CapBar } {
  const leads = order.maxPerDay === 1 ? "lead" : "leads";
  return {
    today: barOf(order.boughtToday, order.maxPerDay, `Today: ${order.boughtToday} of ${order.maxPerDay} ${leads}`),
    week: barOf(toCents(order.spentThisWeek), toCents(order.maxPerWeek), `This week: ${formatMoney(order.spentThisWeek)} of ${formatMoney(order.maxPerWeek)}`),
  };
}

/** "Active", "Paused until 24 Nov 2026, 6:00 am" (Sydney time), "Paused: the card was declined". */
export function statusText(order: Pick<AutoBuyOrder, "status" | "pausedReason" | "pausedUntil">): string {
  if (order.status === "active") return "Active";
  const reason = order.pausedReason ?? "owner";
  if (reason === "until_date" && order.pausedUntil) return `${AUTO_BUY_PAUSE_LABELS.until_date} ${formatSydneyDateTime(order.pausedUntil)}`;
  return AUTO_BUY_PAUSE_LABELS[reason];
}

/** "Demo mode: no card is charged", "Needs a card", "Visa •••• 4242". */
export function cardText(card: AutoBuyOrder["card"]): string {
  if (card.status === "demo") return "Demo mode: no card is charged";
  if (card.status === "needed") return "Needs a card: nothing is bought until one is saved";
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : "Card";
  return `${brand} •••• ${card.last4 ?? "????"}`;
}

/**
 * The card's button for another card, or null: "Add a card" when none is saved, "Use another card"
 * when the saved one was declined (a new one ends that pause, docs/decisions/063-auto-buy-orders.md).
 * Demo mode charges no card, so it never asks for one.
 */
export function cardButtonText(order: Pick<AutoBuyOrder, "card" | "pausedReason">): string | null {
  if (order.card.status === "needed") return "Add a card";
  if (order.card.status === "saved" && order.pausedReason === "card_declined") return "Use another card";
  return null;
}

/** "In the last 30 days this order would have bought 4 leads, $23.10 on average." */
export function previewText(preview: AutoBuyPreview): string {
  const days = `In the last ${AUTO_BUY_PREVIEW_DAYS} days this order would have bought`;
  if (preview.leads === 0) return `${days} no leads.`;
  return `${days} ${preview.leads} ${preview.leads === 1 ? "lead" : "leads"}, ${formatMoney(preview.averagePrice)} on average.`;
}

/** The card's title: "Up to $25.00 a lead". */
export const titleText = (order: Pick<AutoBuyOrder, "maxPrice">) => `Up to ${formatMoney(order.maxPrice)} a lead`;

/**
 * "Saving buys 2 leads now for $78.40 in all": what the save about to happen buys at once
 * (docs/decisions/083-auto-buy-says-what-it-buys.md). `doing`: "Saving" or "Resuming".
 */
export function buysNowText(answer: AutoBuyBuysNow, doing: string): string {
  const n = answer.leads.length;
  return `${doing} buys ${n} ${n === 1 ? "lead" : "leads"} now for ${formatMoney(answer.total)} in all:`;
}
