// GET /api/admin/disputes (docs/decisions/093-disputes.md)
import { useQuery } from "@tanstack/react-query";
import type { DisputeView } from "@shared/disputes";
import { ADMIN_KEY, adminJson } from "./admin-client";

export const disputesKey = [...ADMIN_KEY, "disputes"] as const;

export function useAdminDisputes() {
  return useQuery({ queryKey: disputesKey, queryFn: () => adminJson<{ items: DisputeView[] }>("GET", "/api/admin/disputes"), staleTime: 0 });
}
