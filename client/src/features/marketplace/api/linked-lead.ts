// /dashboard?lead=<id>: the lead an alert's tap links to (docs/decisions/029). It is fetched on its own
// (GET /api/leads/:id/listing), so the link works whatever the market's filters and however
// far down the list the lead is; the market filters in the URL stay as they are.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation, useSearch } from "wouter";
import type { LeadListing, MarketLead } from "@shared/marketplace";
import { getJson } from "@/lib/api-client";

const LEAD_PARAM = "lead";
const listingKey = (id: number | null) => ["/api/leads/listing", id] as const;

export function linkedLeadId(search: string) {
  const raw = new URLSearchParams(search).get(LEAD_PARAM);
  const id = raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  return id !== null && id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** The address without the lead link, every other parameter (the market filters) kept. */
export function searchWithoutLead(search: string) {
  const params = new URLSearchParams(search);
  params.delete(LEAD_PARAM);
  return params.toString().replace(/%2C/gi, ",");
}

export function useLinkedLead(enabled: boolean) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const id = linkedLeadId(search);
  const listing = useQuery({
    queryKey: listingKey(id),
    queryFn: () => getJson<LeadListing>(`/api/leads/${id}/listing`),
    enabled: enabled && id !== null,
    // Once per link: a later sale reaches the open dialog through the live market instead.
    staleTime: Infinity,
  });
  /** Done with the link (dialog closed, notice dismissed): a reload does not open it again. */
  const clear = () => {
    const rest = searchWithoutLead(search);
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  };
  return { id, listing: id === null ? undefined : listing.data, error: listing.error, clear };
}

/**
 * Opens a lead's purchase dialog as an alert's link does. A lead already on screen is not asked
 * for again: the server's first screen held a tap on its Purchase until the app was ready
 * (docs/decisions/092-first-screen-from-the-server.md).
 */
export function useOpenLinkedLead() {
  const client = useQueryClient();
  const search = useSearch();
  const [location, navigate] = useLocation();
  return useCallback(
    (id: number, shown: MarketLead[]) => {
      const lead = shown.find((l) => l.id === id);
      if (lead) client.setQueryData<LeadListing>(listingKey(id), { status: "available", lead, serverTime: new Date().toISOString() });
      const params = new URLSearchParams(search);
      params.set(LEAD_PARAM, String(id));
      navigate(`${location}?${params.toString().replace(/%2C/gi, ",")}`, { replace: true });
    },
    [client, search, location, navigate],
  );
}
