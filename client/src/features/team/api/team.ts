// The Team Management dialog's calls: GET/POST /api/team, DELETE /api/team/:id.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, getJson } from "@/lib/api-client";
import type { TeamMember, TeamMemberCreateRequest } from "@shared/auth";

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
