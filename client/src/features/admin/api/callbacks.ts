// GET /api/admin/callbacks and PATCH /api/admin/callbacks/:id
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminCallback, CallbackStatus, CallbackUpdateResult, Page } from "@shared/admin";
import { ADMIN_KEY, adminJson } from "./admin-client";

export const callbacksKey = [...ADMIN_KEY, "callbacks"] as const;

export function useAdminCallbacks(status: "" | CallbackStatus = "") {
  return useQuery({
    queryKey: [...callbacksKey, status],
    queryFn: () => adminJson<Page<AdminCallback>>("GET", `/api/admin/callbacks?limit=100${status ? `&status=${status}` : ""}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUpdateCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, notes }: { id: number; status?: CallbackStatus; notes?: string }) =>
      adminJson<CallbackUpdateResult>("PATCH", `/api/admin/callbacks/${id}`, { status, notes }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callbacksKey }),
  });
}
