// "In the last 30 days this order would have bought N leads, $X on average" (docs/decisions/063-auto-buy-orders.md,
// "The preview"): each past lead the order wants would have been bought at the moment its price
// reached the order's maximum, if it was still on sale then; the caps apply in time order.
import { auctionPriceAt, fromCents } from "../../../shared/pricing";
import { capWindows, fitsCaps, momentPriceReaches } from "../../../shared/auto-buy";

export interface PastLead {
  id: number;
  startingPrice: string;
  auctionStartedAt: Date;
  /** Its sale, if it sold: when, and the auction price it sold at (before any discount). */
  sale: { at: Date; priceCents: number } | null;
}

export interface PreviewOrder {
  maxPriceCents: number;
  maxPerDay: number;
  maxPerWeekCents: number;
}

export interface PreviewBuy {
  leadId: number;
  at: Date;
  priceCents: number;
}

/** The buys the order would have made among leads it wants, oldest first, caps applied. */
export function simulateOrder(leads: PastLead[], order: PreviewOrder, now: Date): PreviewBuy[] {
  const chances: PreviewBuy[] = [];
  for (const lead of leads) {
    const at = momentPriceReaches(lead, order.maxPriceCents);
    if (!at || at.getTime() > now.getTime()) continue;
    // Someone else had it first: sold above the maximum before the price got there.
    if (lead.sale && lead.sale.at.getTime() < at.getTime() && lead.sale.priceCents > order.maxPriceCents) continue;
    chances.push({ leadId: lead.id, at, priceCents: auctionPriceAt(lead.startingPrice, lead.auctionStartedAt, at).priceCents });
  }
  chances.sort((a, b) => a.at.getTime() - b.at.getTime() || a.leadId - b.leadId);
  const byDay = new Map<number, number>();
  const byWeek = new Map<number, number>();
  const bought: PreviewBuy[] = [];
  for (const chance of chances) {
    const { dayStart, weekStart } = capWindows(chance.at);
    const used = {
      boughtToday: byDay.get(dayStart.getTime()) ?? 0,
      spentTodayCents: 0,
      spentThisWeekCents: byWeek.get(weekStart.getTime()) ?? 0,
    };
    if (!fitsCaps(order, used, chance.priceCents)) continue;
    byDay.set(dayStart.getTime(), used.boughtToday + 1);
    byWeek.set(weekStart.getTime(), used.spentThisWeekCents + chance.priceCents);
    bought.push(chance);
  }
  return bought;
}

/** The wire's figures: how many, and their average price ("0.00" when none). */
export function previewFigures(bought: PreviewBuy[]): { leads: number; averagePrice: string } {
  if (bought.length === 0) return { leads: 0, averagePrice: "0.00" };
  const total = bought.reduce((sum, b) => sum + b.priceCents, 0);
  return { leads: bought.length, averagePrice: fromCents(Math.round(total / bought.length)) };
}
