// GET /api/admin/callbacks and PATCH /api/admin/callbacks/:id
import type { AdminCallback, CallbackStatus, CallbackUpdateResult } from "@shared/admin";
import { ADMIN_KEY, adminJson, useAdminMutation } from "./admin-client";
import { useAdminPage } from "./paging";

export const callbacksKey = [...ADMIN_KEY, "callbacks"] as const;

export function useAdminCallbacks(status: "" | CallbackStatus = "", offset = 0) {
  return useAdminPage<AdminCallback>(callbacksKey, "/api/admin/callbacks", offset, { status });
}

export function useUpdateCallback() {
  return useAdminMutation(
    ({ id, status, notes }: { id: number; status?: CallbackStatus; notes?: string }) =>
      adminJson<CallbackUpdateResult>("PATCH", `/api/admin/callbacks/${id}`, { status, notes }),
    [callbacksKey],
  );
}
