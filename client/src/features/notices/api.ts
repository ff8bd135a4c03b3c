// The dashboard's notices (docs/decisions/081-notices-on-the-dashboard.md): what was lost, paused
// or bought for the person, until they dismiss it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DashboardNotice } from "@shared/notices";
import { apiRequest, getJson } from "@/lib/api-client";

export const NOTICES_KEY = ["/api/notices"] as const;

/** Asked again every minute and when the tab comes back: a job can be lost while the phone is in a pocket. */
export const useDashboardNotices = (enabled = true) =>
  useQuery({ queryKey: NOTICES_KEY, queryFn: () => getJson<DashboardNotice[]>(NOTICES_KEY[0]), enabled, refetchInterval: 60_000, refetchOnWindowFocus: true });

export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("POST", `/api/notices/${id}/dismiss`, {});
    },
    // Gone from the list at once; the list is read again after.
    onMutate: (id: number) => queryClient.setQueryData<DashboardNotice[]>(NOTICES_KEY, (list) => list?.filter((n) => n.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
