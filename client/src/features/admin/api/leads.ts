// GET /api/admin/leads
import type { AdminLead } from "@shared/admin";
import { ADMIN_KEY } from "./admin-client";
import { useAdminPage } from "./paging";

export const leadsKey = [...ADMIN_KEY, "leads"] as const;

export function useAdminLeads(status: "" | "available" | "sold" = "", offset = 0) {
  return useAdminPage<AdminLead>(leadsKey, "/api/admin/leads", offset, { status });
}
