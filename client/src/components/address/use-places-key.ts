import { useQuery } from "@tanstack/react-query";

/** GET /api/config/google-places-key: '' means "use the built-in suggestions". */
export function usePlacesKey() {
  const { data, isError } = useQuery<{ key: string }>({ queryKey: ["/api/config/google-places-key"] });
  return { key: data?.key ?? "", settled: data !== undefined || isError };
}
