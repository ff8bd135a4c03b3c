// The session as the whole client sees it (docs/product.md section 4 "Session"): signed in or not,
// derived from GET /api/auth/me (401 means no user). Shared by the app shell, the header
// and every feature, so it lives in lib/ rather than in a feature. Asked only when the
// signed-in hint is there (docs/decisions/086-one-promise-one-address-quiet-sign-out.md): a
// visitor without it has no session cookie either, so the answer could only be 401.
import { focusManager, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { dismissAllToasts, toast } from "@/components/ui/use-toast";
import type { CurrentUser } from "@shared/auth";
import type { MessageResponse } from "@shared/responses";
import { hasSignedInHint } from "@shared/session-hint";
import { apiJson } from "./api-client";
import { getQueryFn } from "./query-client";

export const CURRENT_USER_KEY = ["/api/auth/me"] as const;

const askForCurrentUser = getQueryFn<CurrentUser>({ on401: "returnNull" });

/** Signed out for sure without the hint; with it, the server says (a hint from an expired session gets 401: null). */
const currentUser: typeof askForCurrentUser = (context) => (hasSignedInHint(globalThis.document?.cookie) ? askForCurrentUser(context) : null);

/** docs/product.md section 9: fresh 5 minutes, kept 10, no refetch on focus or reconnect, refetch on mount. */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: currentUser,
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: true,
  retry: false,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}

/** After sign-in or sign-up: the answer of the call is the new current user. */
export function useSetCurrentUser() {
  const queryClient = useQueryClient();
  return (user: CurrentUser | null) => queryClient.setQueryData(CURRENT_USER_KEY, user);
}

/** Logout with the toasts of docs/product.md section 8; all cached data is dropped (section 4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiJson<MessageResponse>("POST", "/api/auth/logout"),
    // No poll asks while the session ends (they poll only in a focused tab): a job awaiting its
    // customer asks every 5 s, and an ask between the server's sign-out and the answers' removal got a 401.
    onMutate: () => focusManager.setFocused(false),
    // Then the polls go on as the tab's focus says, a task later: after onSuccess's removal of the
    // answers (onSuccess runs first, and its task was queued first).
    onSettled: () => setTimeout(() => focusManager.setFocused(), 0),
    onSuccess: () => {
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      navigate("/");
      // Every private answer goes once the signed-in screens have unmounted: removed while
      // they are still on screen, their queries would fetch again without a session (401s).
      setTimeout(() => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] }), 0);
      // The session's own notices go with it ("Login successful", a purchase's): on a shared
      // phone the next person sees only that the account was signed out.
      dismissAllToasts();
      toast({ title: "Logged out successfully", description: "You have been logged out of your account." });
    },
    onError: () => {
      toast({ variant: "destructive", title: "Logout failed", description: "There was an error logging out. Please try again." });
    },
  });
}
