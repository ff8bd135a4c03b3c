// GET /api/admin/verification and POST /api/admin/providers/:id/{approve,reject} (issue 16)
import type { VerificationQueueItem } from "@shared/vetting";
import { ADMIN_KEY, adminJson, useAdminMutation } from "./admin-client";
import { useAdminPage } from "./paging";
import { providersKey } from "./providers";

export const verificationKey = [...ADMIN_KEY, "verification"] as const;

export function useVerificationQueue(offset = 0) {
  return useAdminPage<VerificationQueueItem>(verificationKey, "/api/admin/verification", offset, {});
}

export function useDecideProvider() {
  return useAdminMutation(
    ({ id, decision, reason }: { id: number; decision: "approve" | "reject"; reason?: string }) =>
      adminJson<{ provider: VerificationQueueItem; mailed: boolean }>(
        "POST",
        `/api/admin/providers/${id}/${decision}`,
        decision === "reject" ? { reason } : undefined,
      ),
    [verificationKey, providersKey],
  );
}
