import { useQuery } from "@tanstack/react-query";
import type { VerificationStanding } from "@shared/vetting";
import { QUERY_KEYS } from "@/lib/query-keys";

/**
 * Whether this account may buy, as the server sees it (GET /api/auth/verification). While it
 * may not, asked again each minute, so an approval shows without a reload.
 */
export function useVerification(enabled: boolean) {
  return useQuery<VerificationStanding>({
    queryKey: QUERY_KEYS.verification,
    enabled,
    refetchInterval: (query) => (query.state.data?.cannotBuy ? 60_000 : false),
  });
}
