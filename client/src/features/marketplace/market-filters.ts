// The Available tab's scope, service types, photos and sort live in the URL query (docs/decisions/023), so a
// reload or a shared link keeps them. The names are GET /api/leads's own, parsed by the same
// shared schema; a value the schema refuses is dropped rather than breaking the page.
import { useLocation, useSearch } from "wouter";
import { marketFilters, type MarketFilters } from "@shared/marketplace";

const FIELDS = ["scope", "serviceType", "withPhotos", "sort"] as const;

/** The filters a URL query holds: each field on its own, so one bad value loses only itself. */
export function filtersFromSearch(search: string): MarketFilters {
  const params = new URLSearchParams(search);
  const field = <K extends (typeof FIELDS)[number]>(key: K, raw: unknown): MarketFilters[K] | undefined => {
    const parsed = marketFilters.shape[key].safeParse(raw);
    return parsed.success ? (parsed.data as MarketFilters[K]) : undefined;
  };
  const serviceType = field("serviceType", params.getAll("serviceType").length ? params.getAll("serviceType") : undefined);
  return {
    scope: field("scope", params.get("scope") ?? undefined),
    // Sorted, so the same choice is one query key whatever order it was ticked in.
    serviceType: serviceType ? [...serviceType].sort() : undefined,
    // Only "true" is a filter; "false" is the default and is left out.
    withPhotos: field("withPhotos", params.get("withPhotos") ?? undefined) === "true" ? "true" : undefined,
    sort: field("sort", params.get("sort") ?? undefined) ?? "newest",
  };
}

/** The URL query for these filters, keeping any other parameter; defaults are left out. */
export function searchWithFilters(search: string, filters: MarketFilters): string {
  const params = new URLSearchParams(search);
  for (const key of FIELDS) params.delete(key);
  if (filters.scope) params.set("scope", filters.scope);
  if (filters.serviceType?.length) params.set("serviceType", filters.serviceType.join(","));
  if (filters.withPhotos === "true") params.set("withPhotos", "true");
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  // A comma is fine in a query and reads better in the address bar than %2C.
  return params.toString().replace(/%2C/gi, ",");
}

/** The filters in the URL and a setter that rewrites the URL (replacing the history entry). */
export function useMarketFilters() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = filtersFromSearch(search);
  const setFilters = (next: MarketFilters) => {
    const query = searchWithFilters(search, next);
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return { filters, setFilters };
}
