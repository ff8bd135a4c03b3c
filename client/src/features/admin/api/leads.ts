// GET /api/admin/leads
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminLead, Page } from "@shared/admin";
import { ADMIN_KEY, adminJson } from "./admin-client";
import { adminListUrl } from "./paging";

export const leadsKey = [...ADMIN_KEY, "leads"] as const;

export function useAdminLeads(status: "" | "available" | "sold" = "", offset = 0) {
  return useQuery({
    queryKey: [...leadsKey, status, offset],
    queryFn: () => adminJson<Page<AdminLead>>("GET", adminListUrl("/api/admin/leads", offset, { status })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
