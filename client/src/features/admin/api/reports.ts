// GET /api/admin/reports and POST /api/admin/reports/:id/{approve,reject}
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminReport, Page } from "@shared/admin";
import type { ReportStatus } from "@shared/bad-leads";
import { ADMIN_KEY, adminJson } from "./admin-client";
import { analyticsKey } from "./analytics";
import { adminListUrl } from "./paging";

export const reportsKey = [...ADMIN_KEY, "reports"] as const;

export function useAdminReports(status: "" | ReportStatus = "", offset = 0) {
  return useQuery({
    queryKey: [...reportsKey, status, offset],
    queryFn: () => adminJson<Page<AdminReport>>("GET", adminListUrl("/api/admin/reports", offset, { status })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: "approve" | "reject"; note: string }) =>
      adminJson<{ id: number; status: ReportStatus; refundAmount: string | null }>("POST", `/api/admin/reports/${id}/${decision}`, { note }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: reportsKey }), queryClient.invalidateQueries({ queryKey: analyticsKey })]),
  });
}
