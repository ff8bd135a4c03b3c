// POST /api/lead-purchases/:id/on-my-way (docs/decisions/049-missed-promises-and-refunds.md,
// "Keeping the customer informed"): the customer is texted the ETA; the card's History reloads.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { OnMyWayResponse } from "@shared/customer-updates";
import { apiJson } from "@/lib/api-client";

export interface OnMyWayVariables {
  purchaseId: number;
  etaMinutes: number;
}

/** The mutation's options, apart from the hook so a test can drive them with a bare QueryClient. */
export function onMyWayOptions(queryClient: QueryClient) {
  return {
    mutationFn: ({ purchaseId, etaMinutes }: OnMyWayVariables) =>
      apiJson<OnMyWayResponse>("POST", `/api/lead-purchases/${purchaseId}/on-my-way`, { etaMinutes }),
    // The send is in the card's History ("On my way: about 20 minutes").
    onSettled: (_answer: unknown, _error: unknown, { purchaseId }: OnMyWayVariables) =>
      queryClient.invalidateQueries({ queryKey: ["/api/lead-purchases", purchaseId, "history"] }),
  };
}

export function useOnMyWay() {
  const queryClient = useQueryClient();
  return useMutation(onMyWayOptions(queryClient));
}
