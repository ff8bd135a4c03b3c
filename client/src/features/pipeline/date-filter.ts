// The dashboard's date filter (docs/product.md section 2): ranges are calendar dates in
// Australia/Sydney, so "Today" means the Sydney day whatever the UTC offset or a
// daylight-saving change does to the hours (shared/sydney-time.ts does the calendar).
import { useSyncExternalStore } from "react";
import { addDays, lastDays, sydneyDayKey } from "@shared/sydney-time";

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

/** Inclusive [from, to] date keys for a filter, or null for no limit. */
export function rangeOf(filter: DateFilter, now: Date): { from: string; to: string } | null {
  const today = sydneyDayKey(now);
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
      return lastDays(now, 7);
    case "last30":
      return lastDays(now, 30);
    case "custom":
      return { from: filter.from || "0000-01-01", to: filter.to || "9999-12-31" };
  }
}

export function inDateFilter(instant: Date | string, filter: DateFilter, now: Date): boolean {
  const range = rangeOf(filter, now);
  if (!range) return true;
  const key = sydneyDayKey(instant);
  return key >= range.from && key <= range.to;
}

/** A custom range whose From date is after its To date (docs/decisions/032): said so, not shown as empty. */
export const isReversed = (filter: DateFilter) => filter.kind === "custom" && !!filter.from && !!filter.to && filter.from > filter.to;

/** The same range with From and To swapped. */
export const swapped = (filter: DateFilter): DateFilter => ({ ...filter, from: filter.to, to: filter.from });

/**
 * The CSV export of what the filter shows (docs/decisions/032): the range as Sydney day keys, which the
 * server applies the same way (server/features/pipeline/routes.ts). A reversed range is read the way
 * round it was meant (the board offers the same swap).
 */
export function exportUrl(base: string, filter: DateFilter, now: Date): string {
  const range = rangeOf(isReversed(filter) ? swapped(filter) : filter, now);
  if (!range) return base;
  const query = new URLSearchParams();
  if (range.from !== "0000-01-01") query.set("from", range.from);
  if (range.to !== "9999-12-31") query.set("to", range.to);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

// One filter for the whole dashboard: the board filters by it and the header's Export link
// exports by it, and it survives switching tabs (useSyncExternalStore, no provider needed).
let current: DateFilter = { kind: "all" };
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const setDateFilter = (next: DateFilter) => {
  current = next;
  listeners.forEach((l) => l());
};
export const useDateFilter = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
