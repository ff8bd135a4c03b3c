import { useQuery } from "@tanstack/react-query";
import type { LeadPage } from "@shared/marketplace";
import { getJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export const AVAILABLE_LEADS_KEY = QUERY_KEYS.availableLeads;
/** SPEC.md section 9: the lead list polls every 30 s. */
export const LEAD_POLL_MS = 30_000;

export interface AvailableLeads extends LeadPage {
  /** Server clock minus this browser's clock, so the ticker agrees with the server's price. */
  clockOffsetMs: number;
}

export async function fetchAvailableLeads(): Promise<AvailableLeads> {
  const page = await getJson<LeadPage>("/api/leads");
  return { ...page, clockOffsetMs: Date.parse(page.serverTime) - Date.now() };
}

export function useAvailableLeads(enabled: boolean) {
  return useQuery({
    queryKey: AVAILABLE_LEADS_KEY,
    queryFn: fetchAvailableLeads,
    enabled,
    refetchInterval: LEAD_POLL_MS,
    staleTime: 0,
  });
}
