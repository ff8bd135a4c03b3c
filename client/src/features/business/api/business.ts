// GET and PATCH /api/provider/business (docs/decisions/051-quotes-and-tax-invoices.md): the
// details the electrician's quotes and invoices print. The owner changes them; a team member
// reads them (the server answers 403 to a change, and `canEdit` says which the viewer is).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BusinessDetails, BusinessDetailsUpdate } from "@shared/business";
import { apiJson, getJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export const BUSINESS_KEY = QUERY_KEYS.business;

export const fetchBusiness = () => getJson<BusinessDetails>("/api/provider/business");

export const businessQueryOptions = () => ({ queryKey: BUSINESS_KEY, queryFn: fetchBusiness, staleTime: 0 });

export function useBusiness(enabled = true) {
  return useQuery({ ...businessQueryOptions(), enabled });
}

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: BusinessDetailsUpdate) => apiJson<BusinessDetails>("PATCH", "/api/provider/business", update),
    onSuccess: (saved) => queryClient.setQueryData(BUSINESS_KEY, saved),
  });
}
