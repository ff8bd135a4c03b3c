// POST /api/jobs/:token/still-need (docs/decisions/049-missed-promises-and-refunds.md): the customer
// answers "Did <business> reach you?"; the page reloads the request, whose question is then gone.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StillNeedRequest, StillNeedResponse } from "@shared/jobs";
import { apiJson } from "@/lib/api-client";
import { jobQueryKey } from "./job";

export const answerStillNeed = (token: string, answer: StillNeedRequest) =>
  apiJson<StillNeedResponse>("POST", `/api/jobs/${encodeURIComponent(token)}/still-need`, answer);

export function useStillNeed(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: StillNeedRequest) => answerStillNeed(token, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobQueryKey(token) }),
  });
}
