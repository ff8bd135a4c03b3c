// GET /api/admin/auction-health (docs/decisions/066-price-tape.md): the auction by region and week.
import { useQuery } from "@tanstack/react-query";
import type { AuctionHealth } from "@shared/market-stats";
import { ADMIN_KEY, adminJson } from "./admin-client";

export const auctionHealthKey = [...ADMIN_KEY, "auction-health"] as const;

export function useAuctionHealth() {
  return useQuery({ queryKey: auctionHealthKey, queryFn: () => adminJson<AuctionHealth>("GET", "/api/admin/auction-health"), staleTime: 0 });
}
