// Query defaults from docs/product.md section 9: no refetch interval, no refetch on focus, never
// stale, no retries. The default query joins the key's parts with "/".
import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, getJson } from "./api-client";

type On401 = "returnNull" | "throw";

export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await getJson<T>(queryKey.join("/"));
    } catch (err) {
      if (on401 === "returnNull" && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
