// GET /api/admin/disputes (docs/decisions/093-disputes.md), and a disputed lead purchase's
// evidence: GET and POST /api/admin/disputes/:id/evidence (docs/decisions/094-dispute-evidence.md).
import { useQuery } from "@tanstack/react-query";
import type { DisputeEvidenceView } from "@shared/dispute-evidence";
import type { DisputeView } from "@shared/disputes";
import { ADMIN_KEY, adminJson, useAdminMutation } from "./admin-client";

export const disputesKey = [...ADMIN_KEY, "disputes"] as const;
const evidenceKey = (id: number) => [...disputesKey, id, "evidence"] as const;

export function useAdminDisputes() {
  return useQuery({ queryKey: disputesKey, queryFn: () => adminJson<{ items: DisputeView[] }>("GET", "/api/admin/disputes"), staleTime: 0 });
}

export function useDisputeEvidence(id: number | null) {
  return useQuery({
    queryKey: evidenceKey(id ?? 0),
    queryFn: () => adminJson<DisputeEvidenceView>("GET", `/api/admin/disputes/${id}/evidence`),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSendEvidence(id: number) {
  return useAdminMutation(
    (input: { note?: string }) => adminJson<DisputeEvidenceView>("POST", `/api/admin/disputes/${id}/evidence`, input),
    [disputesKey, evidenceKey(id)],
  );
}
