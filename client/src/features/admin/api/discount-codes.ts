// GET, POST /api/admin/discount-codes and PATCH /api/admin/discount-codes/:id
import { useQuery } from "@tanstack/react-query";
import type { AdminDiscountCode, DiscountCodeCreate } from "@shared/admin";
import { ADMIN_KEY, adminJson, useAdminMutation } from "./admin-client";

export const discountCodesKey = [...ADMIN_KEY, "discount-codes"] as const;

export function useDiscountCodes() {
  return useQuery({ queryKey: discountCodesKey, queryFn: () => adminJson<AdminDiscountCode[]>("GET", "/api/admin/discount-codes"), staleTime: 0 });
}

export function useCreateDiscountCode() {
  return useAdminMutation((input: DiscountCodeCreate) => adminJson<AdminDiscountCode>("POST", "/api/admin/discount-codes", input), [discountCodesKey]);
}

export function useDeactivateDiscountCode() {
  return useAdminMutation((id: number) => adminJson<AdminDiscountCode>("PATCH", `/api/admin/discount-codes/${id}`, { isActive: false }), [discountCodesKey]);
}
