// GET /api/market/stats (docs/decisions/066-price-tape.md): the published figures of one view.
import { useQuery } from "@tanstack/react-query";
import type { MarketGrouping, MarketStats, MarketWindow } from "@shared/market-stats";

export interface PriceTapeFilters {
  days: MarketWindow;
  groupBy: MarketGrouping;
  state?: string;
}

export const marketStatsUrl = ({ days, groupBy, state }: PriceTapeFilters) =>
  `/api/market/stats?${new URLSearchParams({ days: String(days), groupBy, ...(state && { state }) }).toString()}`;

/** The figures change at most every 30 s on the server: no refetch sooner. */
export const useMarketStats = (filters: PriceTapeFilters) => useQuery<MarketStats>({ queryKey: [marketStatsUrl(filters)], staleTime: 30_000 });
