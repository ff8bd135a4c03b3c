import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { CurrentUser, ProviderSignupRequest } from "@shared/auth";

/** Creates the provider and signs them in (the server answers with the new current user). */
export const providerSignup = (body: ProviderSignupRequest) => apiJson<CurrentUser>("POST", "/api/auth/provider/signup", body);

export function useProviderSignup() {
  return useMutation({ mutationFn: providerSignup });
}
