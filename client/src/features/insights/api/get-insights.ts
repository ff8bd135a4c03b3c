// GET /api/insights (docs/decisions/067-insights.md): the fetcher's key owns the period.
import { useQuery } from "@tanstack/react-query";
import type { InsightsQuery, InsightsResponse } from "@shared/insights";
import { getJson } from "@/lib/api-client";

const insightsUrl = (period: InsightsQuery) => `/api/insights?from=${period.from}&to=${period.to}`;

/** The period's figures; the last period's stay on screen while the next one loads. */
export function useInsights(period: InsightsQuery | null) {
  return useQuery<InsightsResponse>({
    queryKey: ["/api/insights", period?.from, period?.to],
    // Its own fetcher with the one fetch client, as the neighbours' (a chunk that used react-query
    // without the client split react-query's chunk: +0.8 kB on every landing page, .size-limit.js).
    queryFn: () => getJson<InsightsResponse>(insightsUrl(period!)),
    enabled: period !== null,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}
