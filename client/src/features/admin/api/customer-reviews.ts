// GET /api/admin/customer-reviews and POST /api/admin/customer-reviews/:id/hide (docs/decisions/
// 058-reviews.md): customers' reviews, reported ones first, and hiding one for a published reason.
import { useQuery } from "@tanstack/react-query";
import type { ReviewHideRequest, PublicReview } from "@shared/reviews";
import type { AdminCustomerReviewsResponse } from "@shared/reviews-admin";
import { ADMIN_KEY, adminJson, useAdminMutation } from "./admin-client";

export const customerReviewsKey = [...ADMIN_KEY, "customer-reviews"] as const;
/** The tab reads the first page: reported reviews come first, and the operator acts on those. */
const FIRST_PAGE = 100;

export function useAdminCustomerReviews() {
  return useQuery({
    queryKey: customerReviewsKey,
    queryFn: () => adminJson<AdminCustomerReviewsResponse>("GET", `/api/admin/customer-reviews?limit=${FIRST_PAGE}&offset=0`),
    staleTime: 0,
  });
}

export function useHideCustomerReview() {
  return useAdminMutation(
    ({ id, reason }: { id: number } & ReviewHideRequest) => adminJson<PublicReview>("POST", `/api/admin/customer-reviews/${id}/hide`, { reason }),
    [customerReviewsKey],
  );
}
