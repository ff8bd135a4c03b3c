// GET /api/admin/providers and PATCH /api/admin/providers/:id
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminProvider, Page } from "@shared/admin";
import { ADMIN_KEY, adminJson } from "./admin-client";
import { analyticsKey } from "./analytics";

export const providersKey = [...ADMIN_KEY, "providers"] as const;

export function useAdminProviders(q = "") {
  const search = q.trim();
  return useQuery({
    queryKey: [...providersKey, search],
    queryFn: () => adminJson<Page<AdminProvider>>("GET", `/api/admin/providers?limit=100${search ? `&q=${encodeURIComponent(search)}` : ""}`),
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
