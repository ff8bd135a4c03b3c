// After a quote, invoice or payment: the server has moved the job (its stage, its version, its
// card's documents), so the card's list, its documents and its history are read again.
import { useQueryClient } from "@tanstack/react-query";
import { QUERY_KEYS } from "@/lib/query-keys";

export function useRefreshDocuments() {
  const queryClient = useQueryClient();
  return (purchaseId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads }),
      queryClient.invalidateQueries({ queryKey: ["/api/lead-purchases", purchaseId] }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.followUps }),
    ]);
}
