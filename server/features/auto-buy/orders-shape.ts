// An order as the owner reads it (shared/auto-buy.ts autoBuyOrderSchema): status computed from
// now, the caps' use so far in Sydney's day and week, and the card's state.
import { isPausedAt, type AutoBuyOrder } from "../../../shared/auto-buy";
import { fromCents } from "../../../shared/pricing";
import type { AutoBuyOrderRow } from "../../../shared/schema";
import type { OrderUse } from "./orders-repo";

export interface SuburbName {
  id: number;
  name: string;
  state: string;
  postcode: string;
}

export const suburbLabel = (s: SuburbName) => `${s.name} ${s.state} ${s.postcode}`;

export function toOrder(
  row: AutoBuyOrderRow,
  context: { now: Date; use: OrderUse | undefined; suburb: SuburbName | undefined; paymentsMode: "stripe" | "demo" },
): AutoBuyOrder {
  const paused = isPausedAt(row, context.now);
  const { use } = context;
  return {
    id: row.id,
    radiusKm: row.radiusKm,
    suburbId: row.suburbId,
    suburbLabel: row.suburbId !== null && context.suburb ? suburbLabel(context.suburb) : null,
    serviceTypes: row.serviceTypes,
    propertyTypes: row.propertyTypes,
    urgencies: row.urgencies,
    minLeadScore: row.minLeadScore,
    verifiedMobileOnly: row.verifiedMobileOnly,
    maxPrice: row.maxPrice,
    maxPerDay: row.maxPerDay,
    maxPerWeek: row.maxPerWeek,
    // A date that has passed paused nothing any more: the order reads active, with no date.
    pausedUntil: paused && row.pausedUntil ? row.pausedUntil.toISOString() : null,
    status: paused ? "paused" : "active",
    pausedReason: paused ? row.pausedReason : null,
    spentToday: fromCents(use?.spentTodayCents ?? 0),
    boughtToday: use?.boughtToday ?? 0,
    spentThisWeek: fromCents(use?.spentThisWeekCents ?? 0),
    card: {
      status: context.paymentsMode === "demo" ? "demo" : row.paymentMethodId ? "saved" : "needed",
      brand: row.cardBrand,
      last4: row.cardLast4,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
