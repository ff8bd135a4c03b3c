import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { ResendCodeResponse } from "@shared/leads";

/** POST /api/leads/verify-phone (docs/decisions/034): the SMS code for the quote's mobile. */
export const verifyPhone = (verification: string, code: string) => apiJson<{ phoneVerified: true }>("POST", "/api/leads/verify-phone", { verification, code });

/** POST /api/leads/resend-code: a new code; the old one stops working. */
export const resendCode = (verification: string) => apiJson<ResendCodeResponse>("POST", "/api/leads/resend-code", { verification });

export const useVerifyPhone = () =>
  useMutation({ mutationFn: ({ verification, code }: { verification: string; code: string }) => verifyPhone(verification, code) });
export const useResendCode = () => useMutation({ mutationFn: resendCode });
