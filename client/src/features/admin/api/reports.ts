// GET /api/admin/reports and POST /api/admin/reports/:id/{approve,reject}
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminReport, Page } from "@shared/admin";
import type { ReportStatus } from "@shared/bad-leads";
import { ADMIN_KEY, adminJson } from "./admin-client";
import { analyticsKey } from "./analytics";

export const reportsKey = [...ADMIN_KEY, "reports"] as const;

export function useAdminReports(status: "" | ReportStatus = "") {
  return useQuery({
    queryKey: [...reportsKey, status],
    queryFn: () => adminJson<Page<AdminReport>>("GET", `/api/admin/reports?limit=100${status ? `&status=${status}` : ""}`),
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
