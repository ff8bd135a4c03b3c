// GET /api/admin/providers and PATCH /api/admin/providers/:id
import type { AdminProvider } from "@shared/admin";
import { ADMIN_KEY, adminJson, useAdminMutation } from "./admin-client";
import { analyticsKey } from "./analytics";
import { useAdminPage } from "./paging";

export const providersKey = [...ADMIN_KEY, "providers"] as const;

export function useAdminProviders(q = "", offset = 0) {
  return useAdminPage<AdminProvider>(providersKey, "/api/admin/providers", offset, { q: q.trim() });
}

export function useSetProviderActive() {
  return useAdminMutation(
    ({ id, isActive }: { id: number; isActive: boolean }) => adminJson<AdminProvider>("PATCH", `/api/admin/providers/${id}`, { isActive }),
    [providersKey, analyticsKey],
  );
}
