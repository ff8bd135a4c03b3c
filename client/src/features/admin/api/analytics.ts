// GET /api/admin/analytics
import { useQuery } from "@tanstack/react-query";
import type { AdminAnalytics } from "@shared/admin";
import { ADMIN_KEY, adminJson } from "./admin-client";

export const analyticsKey = [...ADMIN_KEY, "analytics"] as const;

export function useAdminAnalytics() {
  return useQuery({ queryKey: analyticsKey, queryFn: () => adminJson<AdminAnalytics>("GET", "/api/admin/analytics"), staleTime: 0 });
}
