// GET /api/bad-lead-reports/mine (one query shared by every card) and
// POST /api/lead-purchases/:id/report.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { MyBadLeadReport, ReportBadLeadRequest } from "@shared/bad-leads";

export const MY_REPORTS_KEY = ["/api/bad-lead-reports/mine"] as const;

export function useMyBadLeadReports() {
  return useQuery<MyBadLeadReport[]>({ queryKey: MY_REPORTS_KEY, staleTime: 60_000 });
}

export function useReportBadLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, body }: { purchaseId: number; body: ReportBadLeadRequest }) =>
      apiJson<MyBadLeadReport>("POST", `/api/lead-purchases/${purchaseId}/report`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_REPORTS_KEY }),
  });
}
