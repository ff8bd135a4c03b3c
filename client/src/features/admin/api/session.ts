// POST /api/admin/login and POST /api/admin/logout.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { AdminLoginRequest } from "@shared/auth";
import { ADMIN_KEY, adminJson, setAdminToken } from "./admin-client";

export function useAdminLogin() {
  return useMutation({
    mutationFn: (body: AdminLoginRequest) => apiJson<{ token: string; expiresAt: string }>("POST", "/api/admin/login", body),
    onSuccess: ({ token }) => setAdminToken(token),
  });
}

/** Revokes the token on the server when it can; the token is forgotten either way. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminJson<{ message: string }>("POST", "/api/admin/logout").catch(() => null),
    onSettled: () => {
      setAdminToken(null);
      queryClient.removeQueries({ queryKey: ADMIN_KEY });
    },
  });
}
