// GET /api/admin/leads
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminLead, Page } from "@shared/admin";
import { ADMIN_KEY, adminJson } from "./admin-client";

export const leadsKey = [...ADMIN_KEY, "leads"] as const;

export function useAdminLeads(status: "" | "available" | "sold" = "") {
  return useQuery({
    queryKey: [...leadsKey, status],
    queryFn: () => adminJson<Page<AdminLead>>("GET", `/api/admin/leads?limit=100${status ? `&status=${status}` : ""}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
