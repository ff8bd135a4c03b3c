// The operator admin's token and fetcher (docs/runtime.md section 2): the token from
// POST /api/admin/login lives in localStorage (docs/product.md section 4 "Admin"); every admin call
// sends it as a bearer token, and a 401 forgets it so the login form comes back.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiJson } from "@/lib/api-client";

export const ADMIN_TOKEN_KEY = "adminToken";
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function read(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAdminToken(token: string | null) {
  try {
    if (token) localStorage.setItem(ADMIN_TOKEN_KEY, token);
    else localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Private mode without storage: the session lasts as long as the page.
  }
  emit();
}

export function useAdminToken() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      window.addEventListener("storage", listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", listener);
      };
    },
    read,
    () => null,
  );
}

const SESSION_EXPIRED = { title: "Session expired", description: "Please log in again." } as const;

/**
 * apiJson with `Authorization: Bearer <token>`. A 401 means the token expired or was revoked:
 * it is forgotten (the login form comes back) and the operator is told, unless `quiet`
 * (logging out with a dead token needs no warning).
 */
export async function adminJson<T>(method: string, url: string, body?: unknown, { quiet = false }: { quiet?: boolean } = {}): Promise<T> {
  const token = read();
  if (!token) throw new ApiError(401, "Admin sign-in required");
  try {
    return await apiJson<T>(method, url, body, { Authorization: `Bearer ${token}` });
  } catch (err) {
    // Several tabs load at once: only the first call to find this token dead clears it and
    // says so; the rest find it gone (or a new login's token in its place) and leave it.
    if (err instanceof ApiError && err.status === 401 && read() === token) {
      setAdminToken(null);
      if (!quiet) toast({ variant: "destructive", ...SESSION_EXPIRED });
    }
    throw err;
  }
}

/** Every admin query key starts with this, so logout can drop them all at once. */
export const ADMIN_KEY = ["admin"] as const;

/** An operator change; once it settles, whether or not it worked, the lists it touches are fetched again. */
export function useAdminMutation<I, O>(mutationFn: (input: I) => Promise<O>, touches: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => Promise.all(touches.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) });
}
