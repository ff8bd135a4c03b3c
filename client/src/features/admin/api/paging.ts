// The admin lists page by offset (shared/admin.ts pageFields; every answer carries total).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LIST_PAGE } from "@/lib/paging";
import type { Page } from "@shared/admin";
import { adminJson } from "./admin-client";

/** "/api/admin/leads?limit=20&offset=40&status=sold", leaving out empty filters. */
export function adminListUrl(path: string, offset: number, filters: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams({ limit: String(LIST_PAGE), offset: String(offset) });
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
