// The Available tab's scope, service types, photos and sort live in the URL query (docs/decisions/023), so a
// reload or a shared link keeps them. The names are GET /api/leads's own, and each value is checked
// against the same lists its shared schema is built from (shared/market-terms.ts), without Zod, which
// the dashboard's first load does not carry (docs/decisions/118-zod-out-of-the-dashboards-first-load.md);
// market-filters.test.ts holds this reading to the schema's. A value the server would refuse is
// dropped rather than breaking the page.
import { useLocation, useSearch } from "wouter";
import { JOB_SERVICE_TYPES } from "@shared/enums";
import type { MarketFilters } from "@shared/marketplace";
import { DEFAULT_MARKET_SORT, listedValues, MARKET_SCOPES, MARKET_SERVICE_TYPES_MAX, MARKET_SORTS } from "@shared/market-terms";

const FIELDS = ["scope", "serviceType", "withPhotos", "sort"] as const;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(raw) ? (raw as T) : undefined;

const isServiceType = (v: string): v is (typeof JOB_SERVICE_TYPES)[number] => (JOB_SERVICE_TYPES as readonly string[]).includes(v);

/** The query's service types (listedValues, as the server lists them); one unknown type drops the list. */
function serviceTypesOf(params: URLSearchParams): MarketFilters["serviceType"] {
  const listed = listedValues(params.getAll("serviceType")) ?? [];
  if (!listed.length || listed.length > MARKET_SERVICE_TYPES_MAX || !listed.every(isServiceType)) return undefined;
  // Sorted, so the same choice is one query key whatever order it was ticked in.
  return [...new Set(listed)].sort();
}

/** The filters a URL query holds: each field on its own, so one bad value loses only itself. */
export function filtersFromSearch(search: string): MarketFilters {
  const params = new URLSearchParams(search);
  return {
    scope: oneOf(MARKET_SCOPES, params.get("scope")),
    serviceType: serviceTypesOf(params),
    // Only "true" is a filter; "false" is the default and is left out.
    withPhotos: params.get("withPhotos") === "true" ? "true" : undefined,
    sort: oneOf(MARKET_SORTS, params.get("sort")) ?? DEFAULT_MARKET_SORT,
  };
}

/** The URL query for these filters, keeping any other parameter; defaults are left out. */
export function searchWithFilters(search: string, filters: MarketFilters): string {
  const params = new URLSearchParams(search);
  for (const key of FIELDS) params.delete(key);
  if (filters.scope) params.set("scope", filters.scope);
  if (filters.serviceType?.length) params.set("serviceType", filters.serviceType.join(","));
  if (filters.withPhotos === "true") params.set("withPhotos", "true");
  if (filters.sort !== DEFAULT_MARKET_SORT) params.set("sort", filters.sort);
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
