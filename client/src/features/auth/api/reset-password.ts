import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { ResetPasswordRequest } from "@shared/auth";
import type { MessageResponse } from "@shared/responses";

export const resetPassword = (body: ResetPasswordRequest) => apiJson<MessageResponse>("POST", "/api/auth/reset-password", body);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
