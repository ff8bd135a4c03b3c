// GET /api/jobs/:token (docs/decisions/044-job-page.md): the customer's request as the job
// page shows it. The page asks again every 4 s while the tab is visible, so a sale or a call
// shows within 5 s with no reload (docs/decisions/047-job-page-screens.md).
import { useQuery } from "@tanstack/react-query";
import { ApiError, getJson } from "@/lib/api-client";
import { JOB_TOKEN_PATTERN } from "@shared/job-page";
import type { JobView } from "@shared/jobs";

export const JOB_REFRESH_MS = 4_000;
/** After a failed request (offline, or the per-IP limit's 429): ask less often until one succeeds. */
export const JOB_RETRY_MS = 30_000;

/** The query's key: kept in memory only, never in a URL we record. */
export const jobQueryKey = (token: string) => ["job-page", token] as const;

/** The view, or null for a link we do not know (404: unknown, revoked or expired). */
export async function fetchJob(token: string): Promise<JobView | null> {
  try {
    return await getJson<JobView>(`/api/jobs/${encodeURIComponent(token)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** How long until the page asks again: never for an unknown link, slower after a failure. */
export const jobRefreshInterval = (state: { data: JobView | null | undefined; fetchFailureCount: number }) =>
  state.data === null ? false : state.fetchFailureCount > 0 ? JOB_RETRY_MS : JOB_REFRESH_MS;

/**
 * A token of the wrong shape is not asked about: the server would answer 404 anyway. Polling
 * pauses while the tab is hidden (TanStack's default) and stops once the link is unknown; a
 * failed request (a phone going through a tunnel, a 429) keeps the last view and tries again
 * every 30 s until one succeeds.
 */
export function useJob(token: string) {
  const wellFormed = JOB_TOKEN_PATTERN.test(token);
  const query = useQuery({
    queryKey: jobQueryKey(token),
    queryFn: () => fetchJob(token),
    enabled: wellFormed,
    staleTime: 0,
    refetchInterval: (q) => jobRefreshInterval(q.state),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  return { ...query, notFound: !wellFormed || query.data === null };
}
