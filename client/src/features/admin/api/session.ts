// POST /api/admin/login and POST /api/admin/logout.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "@/lib/api-client";
import type { AdminLoginRequest } from "@shared/auth";
import { ADMIN_KEY, adminJson, setAdminToken } from "./admin-client";

/** docs/product.md section 8: a refused login says so; a throttle or a server fault shows the server's message. */
export function loginFailureMessage(err: unknown): string {
  if (err instanceof ApiError) return err.status === 401 ? "Invalid username or password" : err.message;
  return "Could not reach the server. Please check your connection and try again.";
}

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
    mutationFn: () => adminJson<{ message: string }>("POST", "/api/admin/logout", undefined, { quiet: true }).catch(() => null),
    onSettled: () => {
      setAdminToken(null);
      queryClient.removeQueries({ queryKey: ADMIN_KEY });
    },
  });
}
