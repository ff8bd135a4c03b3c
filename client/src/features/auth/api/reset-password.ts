import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { ResetPasswordRequest } from "@shared/auth";

export const resetPassword = (body: ResetPasswordRequest) => apiJson<{ message: string }>("POST", "/api/auth/reset-password", body);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
