import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { AVAILABLE_LEADS_KEY } from "./available-leads";

/** Super admin: take an available lead off the market. */
export function useArchiveAvailableLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leadId: number) => apiJson<{ id: number }>("POST", `/api/leads/${leadId}/archive`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AVAILABLE_LEADS_KEY }),
  });
}
