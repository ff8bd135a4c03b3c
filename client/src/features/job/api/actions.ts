// The customer's actions on the job page (docs/decisions/049-missed-promises-and-refunds.md):
// "No one has contacted me" and closing the request. Each answers the page as it now stands,
// which replaces the polled view at once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { JobCloseRequest, JobView } from "@shared/jobs";
import { jobQueryKey } from "./job";

const actionPath = (token: string, action: "not-contacted" | "close") => `/api/jobs/${encodeURIComponent(token)}/${action}`;

function useJobAction<V>(token: string, send: (vars: V) => Promise<JobView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (view) => queryClient.setQueryData(jobQueryKey(token), view),
    // A 409 means the request moved on meanwhile (a call logged, closed): ask again for where it stands.
    onError: () => queryClient.invalidateQueries({ queryKey: jobQueryKey(token) }),
  });
}

export const useReportNotContacted = (token: string) => useJobAction(token, () => apiJson<JobView>("POST", actionPath(token, "not-contacted"), {}));

export const useCloseRequest = (token: string) => useJobAction(token, (input: JobCloseRequest) => apiJson<JobView>("POST", actionPath(token, "close"), input));
