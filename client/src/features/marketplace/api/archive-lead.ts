import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { RecordIdResponse } from "@shared/responses";
import { AVAILABLE_LEADS_KEY } from "./available-leads";

/** Super admin: take an available lead off the market. */
export function useArchiveAvailableLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leadId: number) => apiJson<RecordIdResponse>("POST", `/api/leads/${leadId}/archive`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AVAILABLE_LEADS_KEY }),
  });
}
