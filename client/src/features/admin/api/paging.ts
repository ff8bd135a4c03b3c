// The admin lists page by offset (shared/admin.ts pageFields; every answer carries total).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Page } from "@shared/admin";
import { adminJson } from "./admin-client";

/** 20 cards is already a long scroll on a phone. */
export const ADMIN_LIST_PAGE = 20;

/** "/api/admin/leads?limit=20&offset=40&status=sold", leaving out empty filters. */
export function adminListUrl(path: string, offset: number, filters: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams({ limit: String(ADMIN_LIST_PAGE), offset: String(offset) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return `${path}?${params}`;
}

/** One page of an admin list, keyed by its filters; the page shown stays up while the next loads. */
export function useAdminPage<T>(key: readonly unknown[], path: string, offset: number, filters: Record<string, string>) {
  return useQuery({
    queryKey: [...key, ...Object.values(filters), offset],
    queryFn: () => adminJson<Page<T>>("GET", adminListUrl(path, offset, filters)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A list's filter and the page shown: a new filter starts again from the first page. */
export function useFilteredPaging<F>(initialFilter: F) {
  const [filter, setFilter] = useState(initialFilter);
  const [offset, setOffset] = useState(0);
  const changeFilter = (next: F) => {
    setFilter(next);
    setOffset(0);
  };
  return { filter, setFilter: changeFilter, offset, setOffset };
}

export interface PageSummary {
  /** 1-based positions of the first and last row shown; 0 and 0 for an empty page. */
  from: number;
  to: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function pageSummary(offset: number, shown: number, total: number, limit = ADMIN_LIST_PAGE): PageSummary {
  return {
    from: shown === 0 ? 0 : offset + 1,
    to: offset + shown,
    hasPrevious: offset > 0,
    // A short page is the last one even if total lags behind (a row removed meanwhile).
    hasNext: shown === limit && offset + shown < total,
  };
}

/** Where the last page starts: 40 for 41-60 rows at 20 a page, 0 for none. */
export const lastPageOffset = (total: number, limit = ADMIN_LIST_PAGE) => Math.max(0, Math.floor((total - 1) / limit) * limit);

/**
 * When rows left a list (a callback approved under the Pending filter) and the page shown went
 * past the end, steps back to the last page that has rows instead of showing an empty one.
 */
export function useStepBackPastEnd(offset: number, total: number | undefined, setOffset: (offset: number) => void) {
  useEffect(() => {
    if (total !== undefined && offset > 0 && offset >= total) setOffset(lastPageOffset(total));
  }, [offset, total, setOffset]);
}
