// POST /api/lead-purchases/:id/unreachable (docs/decisions/049-missed-promises-and-refunds.md): the
// claim's new state shows on its card at once, then the pipeline reloads.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { PurchasedLead } from "@shared/pipeline";
import type { UnreachableClaimResponse } from "@shared/unreachable";
import { apiJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

/** The mutation's options, apart from the hook so a test can drive them with a bare QueryClient. */
export function claimUnreachableOptions(queryClient: QueryClient) {
  return {
    mutationFn: (purchaseId: number) => apiJson<UnreachableClaimResponse>("POST", `/api/lead-purchases/${purchaseId}/unreachable`),
    onSuccess: (answer: UnreachableClaimResponse, purchaseId: number) =>
      queryClient.setQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads, (rows) =>
        rows?.map((row) => (row.id === purchaseId ? { ...row, unreachable: answer.unreachable } : row)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads }),
  };
}

export function useClaimUnreachable() {
  const queryClient = useQueryClient();
  return useMutation(claimUnreachableOptions(queryClient));
}
