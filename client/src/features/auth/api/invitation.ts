// GET /api/invitations/:token (docs/decisions/014): the prefill of an invited electrician's sign-up.
import { useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import type { InvitationPrefill } from "@shared/admin";

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ["/api/invitations", token],
    queryFn: () => getJson<InvitationPrefill>(`/api/invitations/${encodeURIComponent(token!)}`),
    enabled: !!token,
    staleTime: Infinity,
  });
}
