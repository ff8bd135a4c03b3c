import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { ForgotPasswordRequest, ForgotPasswordResponse } from "@shared/auth";

export const forgotPassword = (body: ForgotPasswordRequest) => apiJson<ForgotPasswordResponse>("POST", "/api/auth/forgot-password", body);

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
