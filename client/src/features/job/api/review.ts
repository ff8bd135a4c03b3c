// The customer's review from the job page (docs/decisions/058-reviews.md, 062-review-screens.md):
// POST /api/jobs/:token/review-code texts a code to the request's mobile; POST .../review
// publishes with it, PATCH .../review edits within 7 days with a fresh one. The answer's review
// replaces the page's; then, as after a refusal (409: written meanwhile, or editing closed), the
// page is read again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { JobView } from "@shared/jobs";
import type { JobReview, ReviewCodeResponse, ReviewEditRequest, ReviewRequest } from "@shared/reviews";
import { jobQueryKey } from "./job";

const reviewPath = (token: string) => `/api/jobs/${encodeURIComponent(token)}/review`;

export const sendReviewCode = (token: string) => apiJson<ReviewCodeResponse>("POST", `${reviewPath(token)}-code`, {});

export function useSendReviewCode(token: string) {
  return useMutation({ mutationFn: () => sendReviewCode(token) });
}

/**
 * `onPublished` runs with the mutation itself, not with the form: the answer's review replaces the
 * form, which unmounts before a call-site callback could run.
 */
export function usePublishReview(token: string, onPublished: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { edit: false; body: ReviewRequest } | { edit: true; body: ReviewEditRequest }) =>
      apiJson<JobReview>(input.edit ? "PATCH" : "POST", reviewPath(token), input.body),
    // The answer is the review as published: the page shows it at once, then reads itself again.
    onSuccess: (review) => {
      onPublished();
      queryClient.setQueryData<JobView | null>(jobQueryKey(token), (view) => view && { ...view, review });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobQueryKey(token) }),
  });
}
