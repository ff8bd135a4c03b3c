import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { LeadPage, MarketFilters, MarketLead } from "@shared/marketplace";
import { getJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { searchWithFilters } from "../market-filters";

export const AVAILABLE_LEADS_KEY = QUERY_KEYS.availableLeads;
/** docs/product.md section 9: the lead list polls every 30 s, now only while the live stream is down. */
export const LEAD_POLL_MS = 30_000;

export interface AvailableLeadPage extends LeadPage {
  /** Server clock minus this browser's clock, so the ticker agrees with the server's price. */
  clockOffsetMs: number;
}

/** The market as the Leads tab shows it: every page loaded so far, as one list. */
export interface AvailableLeads extends Pick<LeadPage, "scope" | "needsServiceArea"> {
  leads: MarketLead[];
  /** Every lead in this scope and these filters, loaded or not (the Leads tab's badge). */
  total: number;
  clockOffsetMs: number;
}

export async function fetchAvailableLeads(filters: MarketFilters, cursor: string | null): Promise<AvailableLeadPage> {
  const query = new URLSearchParams(searchWithFilters("", filters));
  if (cursor) query.set("cursor", cursor);
  const page = await getJson<LeadPage>(query.size ? `/api/leads?${query}` : "/api/leads");
  return { ...page, clockOffsetMs: Date.parse(page.serverTime) - Date.now() };
}

/**
 * Joins the loaded pages. A lead can sit in two pages when it was put back on the market
 * between two page loads; it is shown once, where it was first seen.
 */
export function joinLeadPages(data: InfiniteData<AvailableLeadPage, string | null>): AvailableLeads {
  const seen = new Set<number>();
  const leads = data.pages
    .flatMap((page) => page.leads)
    .filter((lead) => {
      if (seen.has(lead.id)) return false;
      seen.add(lead.id);
      return true;
    });
  // The first page is refetched first on every poll, so its count and clock are the freshest.
  const first = data.pages[0];
  return {
    leads,
    total: Math.max(first?.total ?? 0, leads.length),
    clockOffsetMs: first?.clockOffsetMs ?? 0,
    scope: first?.scope ?? "all",
    needsServiceArea: first?.needsServiceArea ?? false,
  };
}

/**
 * Pages of the market in the chosen scope, filters and sort; a poll refetches every loaded page.
 * `live`: the stream keeps the list current (api/live-market.ts), so there is nothing to poll for.
 */
export function useAvailableLeads(enabled: boolean, filters: MarketFilters, live: boolean) {
  return useInfiniteQuery({
    queryKey: [...AVAILABLE_LEADS_KEY, filters],
    queryFn: ({ pageParam }) => fetchAvailableLeads(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: joinLeadPages,
    enabled,
    refetchInterval: live ? false : LEAD_POLL_MS,
    staleTime: 0,
  });
}
