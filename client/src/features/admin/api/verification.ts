// GET /api/admin/verification and POST /api/admin/providers/:id/{approve,reject,licence} (docs/decisions/033)
import type { LicenceRenewal, VerificationQueueItem } from "@shared/vetting";
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

/** POST /api/admin/providers/:id/licence: the renewed licence a provider e-mailed in. */
export function useRenewLicence() {
  return useAdminMutation(
    ({ id, licence }: { id: number; licence: LicenceRenewal }) =>
      adminJson<{ provider: VerificationQueueItem }>("POST", `/api/admin/providers/${id}/licence`, licence),
    [verificationKey, providersKey],
  );
}
