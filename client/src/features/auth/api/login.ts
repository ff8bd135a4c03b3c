import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { useSetCurrentUser } from "@/lib/auth";
import type { CurrentUser, LoginRequest } from "@shared/auth";

export const login = (body: LoginRequest) => apiJson<CurrentUser>("POST", "/api/auth/login", body);

/** Signs in; the answer becomes the current user (docs/product.md section 4: login refreshes it). */
export function useLogin() {
  const setCurrentUser = useSetCurrentUser();
  return useMutation({ mutationFn: login, onSuccess: (user) => setCurrentUser(user) });
}
