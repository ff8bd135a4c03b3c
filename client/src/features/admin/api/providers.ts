// GET /api/admin/providers and PATCH /api/admin/providers/:id
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminProvider, Page } from "@shared/admin";
import { ADMIN_KEY, adminJson } from "./admin-client";
import { analyticsKey } from "./analytics";
import { adminListUrl } from "./paging";

export const providersKey = [...ADMIN_KEY, "providers"] as const;

export function useAdminProviders(q = "", offset = 0) {
  const search = q.trim();
  return useQuery({
    queryKey: [...providersKey, search, offset],
    queryFn: () => adminJson<Page<AdminProvider>>("GET", adminListUrl("/api/admin/providers", offset, { q: search })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSetProviderActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => adminJson<AdminProvider>("PATCH", `/api/admin/providers/${id}`, { isActive }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: providersKey }), queryClient.invalidateQueries({ queryKey: analyticsKey })]),
  });
}
