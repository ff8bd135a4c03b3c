// POST and PATCH /api/reviews/:id/reply (docs/decisions/058-reviews.md): the electrician's one
// public reply to their job's review, then edits of it. The pipeline is read again after, so
// the card shows the reply as the public sees it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewReplyRequest } from "@shared/reviews";
import { apiJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export const sendReviewReply = (reviewId: number, edit: boolean, body: ReviewReplyRequest) =>
  apiJson<unknown>(edit ? "PATCH" : "POST", `/api/reviews/${reviewId}/reply`, body);

export function useReviewReply(reviewId: number, edit: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewReplyRequest) => sendReviewReply(reviewId, edit, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads }),
  });
}
