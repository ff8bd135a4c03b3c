// POST /api/lead-purchases/:id/contact-attempts (docs/decisions/045-contact-promise.md, "Logging
// contact"): the attempt shows on its card at once, then the pipeline and the card's history reload.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ContactAttempt, ContactAttemptRequest } from "@shared/jobs";
import type { PurchasedLead } from "@shared/pipeline";
import { apiJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export interface LogContactVariables {
  purchaseId: number;
  attempt: ContactAttemptRequest;
}

/** The mutation's options, apart from the hook so a test can drive them with a bare QueryClient. */
export function logContactOptions(queryClient: QueryClient) {
  return {
    mutationFn: ({ purchaseId, attempt }: LogContactVariables) =>
      apiJson<ContactAttempt>("POST", `/api/lead-purchases/${purchaseId}/contact-attempts`, attempt),
    // The logged attempt ends the countdown on the card without waiting for the list to reload.
    onSuccess: (saved: ContactAttempt, { purchaseId }: LogContactVariables) =>
      queryClient.setQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads, (rows) =>
        rows?.map((row) => (row.id === purchaseId ? { ...row, lastAttempt: saved, firstContactAt: row.firstContactAt ?? saved.at } : row)),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads }),
        queryClient.invalidateQueries({ queryKey: ["/api/lead-purchases"] }),
      ]),
  };
}

export function useLogContact() {
  const queryClient = useQueryClient();
  return useMutation(logContactOptions(queryClient));
}
