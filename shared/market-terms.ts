// The market's scopes, sorts, filter limits and count, without Zod: the dashboard's first load reads them, and
// the schemas of shared/marketplace.ts are built from the same lists
// (docs/decisions/118-zod-out-of-the-dashboards-first-load.md).

/**
 * "area": the leads within the viewer's service radius of their service location; "all": all
 * of Australia (docs/product.md section 12 "Matching", docs/decisions/023-local-market.md).
 */
export const MARKET_SCOPES = ["area", "all"] as const;
export type MarketScope = (typeof MARKET_SCOPES)[number];
/** "cheapest" is the auction price now, which falls at a different pace for each lead. */
export const MARKET_SORTS = ["newest", "nearest", "cheapest"] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
export const DEFAULT_MARKET_SORT: MarketSort = "newest";
/** A longer list of service types in one filter is refused. */
export const MARKET_SERVICE_TYPES_MAX = 20;

/** `?serviceType=repair&serviceType=upgrade` or `?serviceType=repair,upgrade`: one list, blanks dropped; undefined when the query has none. */
export function listedValues(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  return [value]
    .flat()
    .flatMap((v) => String(v).split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The market's count of leads stops here (GET /api/leads's `total`): MARKET_COUNT_CAP + 1 means more. */
export const MARKET_COUNT_CAP = 1000;

/** "37", or "1000+" past the cap. */
export const marketCountLabel = (total: number) => (total > MARKET_COUNT_CAP ? `${MARKET_COUNT_CAP}+` : String(total));
