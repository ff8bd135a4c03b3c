// The operator admin's token and fetcher (DESIGN.md section 2): the token from
// POST /api/admin/login lives in localStorage (SPEC.md section 4 "Admin"); every admin call
// sends it as a bearer token, and a 401 forgets it so the login form comes back.
import { useSyncExternalStore } from "react";
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

/** apiJson with `Authorization: Bearer <token>`; a 401 clears the stored token. */
export async function adminJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const token = read();
  if (!token) throw new ApiError(401, "Admin sign-in required");
  try {
    return await apiJson<T>(method, url, body, { Authorization: `Bearer ${token}` });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) setAdminToken(null);
    throw err;
  }
}

/** Every admin query key starts with this, so logout can drop them all at once. */
export const ADMIN_KEY = ["admin"] as const;
