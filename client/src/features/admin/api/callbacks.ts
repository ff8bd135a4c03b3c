// GET /api/admin/callbacks and PATCH /api/admin/callbacks/:id
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminCallback, CallbackStatus, CallbackUpdateResult, Page } from "@shared/admin";
import { ADMIN_KEY, adminJson } from "./admin-client";
import { adminListUrl } from "./paging";

export const callbacksKey = [...ADMIN_KEY, "callbacks"] as const;

export function useAdminCallbacks(status: "" | CallbackStatus = "", offset = 0) {
  return useQuery({
    queryKey: [...callbacksKey, status, offset],
    queryFn: () => adminJson<Page<AdminCallback>>("GET", adminListUrl("/api/admin/callbacks", offset, { status })),
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
