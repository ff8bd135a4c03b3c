// /dashboard?lead=<id>: the lead an alert's tap links to (docs/decisions/029). It is fetched on its own
// (GET /api/leads/:id/listing), so the link works whatever the market's filters and however
// far down the list the lead is; the market filters in the URL stay as they are.
import { useQuery } from "@tanstack/react-query";
import { useLocation, useSearch } from "wouter";
import type { LeadListing } from "@shared/marketplace";
import { getJson } from "@/lib/api-client";

const LEAD_PARAM = "lead";

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
    queryKey: ["/api/leads/listing", id],
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
