// GET, POST /api/admin/discount-codes and PATCH /api/admin/discount-codes/:id
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminDiscountCode, DiscountCodeCreate } from "@shared/admin";
import { ADMIN_KEY, adminJson } from "./admin-client";

export const discountCodesKey = [...ADMIN_KEY, "discount-codes"] as const;

export function useDiscountCodes() {
  return useQuery({ queryKey: discountCodesKey, queryFn: () => adminJson<AdminDiscountCode[]>("GET", "/api/admin/discount-codes"), staleTime: 0 });
}

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscountCodeCreate) => adminJson<AdminDiscountCode>("POST", "/api/admin/discount-codes", input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountCodesKey }),
  });
}

export function useDeactivateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminJson<AdminDiscountCode>("PATCH", `/api/admin/discount-codes/${id}`, { isActive: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountCodesKey }),
  });
}
