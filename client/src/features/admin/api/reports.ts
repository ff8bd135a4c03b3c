// GET /api/admin/reports and POST /api/admin/reports/:id/{approve,reject}
import type { AdminReport } from "@shared/admin";
import type { ReportDecisionResponse, ReportStatus } from "@shared/bad-leads";
import { ADMIN_KEY, adminJson, useAdminMutation } from "./admin-client";
import { analyticsKey } from "./analytics";
import { useAdminPage } from "./paging";

export const reportsKey = [...ADMIN_KEY, "reports"] as const;

export function useAdminReports(status: "" | ReportStatus = "", offset = 0) {
  return useAdminPage<AdminReport>(reportsKey, "/api/admin/reports", offset, { status });
}

export function useDecideReport() {
  return useAdminMutation(
    ({ id, decision, note }: { id: number; decision: "approve" | "reject"; note: string }) =>
      adminJson<ReportDecisionResponse>("POST", `/api/admin/reports/${id}/${decision}`, { note }),
    [reportsKey, analyticsKey],
  );
}
