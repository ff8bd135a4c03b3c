// GET /api/admin/reviews and POST /api/admin/reviews/:id/decision (docs/decisions/049): the
// cases the after-sale rules leave to the operator.
import type { AdminReview, ReviewDecision } from "@shared/operator-reviews";
import { ADMIN_KEY, adminJson, useAdminMutation } from "./admin-client";
import { useAdminPage } from "./paging";
import { providersKey } from "./providers";

export const reviewsKey = [...ADMIN_KEY, "reviews"] as const;

export function useAdminReviews(status: AdminReview["status"], offset = 0) {
  return useAdminPage<AdminReview>(reviewsKey, "/api/admin/reviews", offset, { status });
}

export function useDecideReview() {
  return useAdminMutation(
    ({ id, ...decision }: { id: number } & ReviewDecision) => adminJson<{ id: number; status: string }>("POST", `/api/admin/reviews/${id}/decision`, decision),
    // An upheld "not contacted" counts on the provider's record (the Providers tab's flag).
    [reviewsKey, providersKey],
  );
}
