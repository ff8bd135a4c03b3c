// The Team Management dialog's calls: GET/POST /api/team, DELETE /api/team/:id.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, getJson } from "@/lib/api-client";
import { CURRENT_USER_KEY } from "@/lib/auth";
import type { TeamMember, TeamMemberCreateRequest, TeamSharing } from "@shared/auth";

export const TEAM_KEY = ["/api/team"] as const;

export const teamQuery = queryOptions({ queryKey: TEAM_KEY, queryFn: () => getJson<TeamMember[]>("/api/team"), staleTime: 0 });

export function useTeam(enabled: boolean) {
  return useQuery({ ...teamQuery, enabled });
}

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamMemberCreateRequest) => apiJson<TeamMember>("POST", "/api/team", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<null>("DELETE", `/api/team/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}

/** The owner's switch (docs/decisions/087-lead-spend-private-from-the-team.md); the signed-in user carries the choice. */
export function useShareLeadSpend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamSharing) => apiJson<TeamSharing>("PUT", "/api/team/sharing", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}
