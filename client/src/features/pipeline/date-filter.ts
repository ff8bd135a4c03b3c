// The dashboard's date filter (SPEC.md section 2): ranges are calendar dates in
// Australia/Sydney, so "Today" means the Sydney day whatever the UTC offset or a
// daylight-saving change does to the hours.

export const DATE_FILTERS = [
  { value: "all", label: "All Time" },
  { value: "today", label: "Today" },
  { value: "yesterday", label: "Yesterday" },
  { value: "last7", label: "Last 7 Days" },
  { value: "last30", label: "Last 30 Days" },
  { value: "custom", label: "Custom Range" },
] as const;
export type DateFilterKind = (typeof DATE_FILTERS)[number]["value"];

export interface DateFilter {
  kind: DateFilterKind;
  /** "YYYY-MM-DD", inclusive, for custom ranges. */
  from?: string;
  to?: string;
}

const ZONE = "Australia/Sydney";
const keyFormat = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The Sydney calendar date of an instant, "YYYY-MM-DD". */
export const sydneyDateKey = (instant: Date | string) => keyFormat.format(new Date(instant));

/** Calendar arithmetic on a date key (no hours involved, so DST cannot shift it). */
export function addDays(key: string, days: number): string {
  const [y, m, d] = key.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/** Inclusive [from, to] date keys for a filter, or null for no limit. */
export function rangeOf(filter: DateFilter, now: Date): { from: string; to: string } | null {
  const today = sydneyDateKey(now);
  switch (filter.kind) {
    case "all":
      return null;
    case "today":
      return { from: today, to: today };
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "last30":
      return { from: addDays(today, -29), to: today };
    case "custom":
      return { from: filter.from || "0000-01-01", to: filter.to || "9999-12-31" };
  }
}

export function inDateFilter(instant: Date | string, filter: DateFilter, now: Date): boolean {
  const range = rangeOf(filter, now);
  if (!range) return true;
  const key = sydneyDateKey(instant);
  return key >= range.from && key <= range.to;
}
