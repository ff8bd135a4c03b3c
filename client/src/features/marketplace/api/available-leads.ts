import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { LeadPage, MarketLead } from "@shared/marketplace";
import { getJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export const AVAILABLE_LEADS_KEY = QUERY_KEYS.availableLeads;
/** SPEC.md section 9: the lead list polls every 30 s. */
export const LEAD_POLL_MS = 30_000;

export interface AvailableLeadPage extends LeadPage {
  /** Server clock minus this browser's clock, so the ticker agrees with the server's price. */
  clockOffsetMs: number;
}

/** The market as the Leads tab shows it: every page loaded so far, as one list. */
export interface AvailableLeads {
  leads: MarketLead[];
  /** Every lead on the market, loaded or not (the Leads tab's badge). */
  total: number;
  clockOffsetMs: number;
}

export async function fetchAvailableLeads(cursor: string | null): Promise<AvailableLeadPage> {
  const page = await getJson<LeadPage>(cursor ? `/api/leads?cursor=${encodeURIComponent(cursor)}` : "/api/leads");
  return { ...page, clockOffsetMs: Date.parse(page.serverTime) - Date.now() };
}

/**
 * Joins the loaded pages. A lead can sit in two pages when it was put back on the market
 * between two page loads; it is shown once, where it was first seen.
 */
export function joinLeadPages(data: InfiniteData<AvailableLeadPage, string | null>): AvailableLeads {
  const seen = new Set<number>();
  const leads = data.pages.flatMap((page) => page.leads).filter((lead) => {
    if (seen.has(lead.id)) return false;
    seen.add(lead.id);
    return true;
  });
  // The first page is refetched first on every poll, so its count and clock are the freshest.
  const first = data.pages[0];
  return { leads, total: Math.max(first?.total ?? 0, leads.length), clockOffsetMs: first?.clockOffsetMs ?? 0 };
}

/** Pages of the market, newest on sale first; a poll refetches every loaded page. */
export function useAvailableLeads(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: AVAILABLE_LEADS_KEY,
    queryFn: ({ pageParam }) => fetchAvailableLeads(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: joinLeadPages,
    enabled,
    refetchInterval: LEAD_POLL_MS,
    staleTime: 0,
  });
}
