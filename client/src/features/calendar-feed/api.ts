// The calendar feed's server calls (docs/decisions/049-missed-promises-and-refunds.md, "The
// calendar feed"): whether a link is live, a new link (shown once), and "Stop this link".
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarFeedLink, CalendarFeedStatus } from "@shared/calendar-feed";
import type { MessageResponse } from "@shared/responses";
import { apiJson, getJson } from "@/lib/api-client";

export const CALENDAR_FEED_KEY = ["/api/calendar-feed"] as const;

export const useCalendarFeed = () => useQuery({ queryKey: CALENDAR_FEED_KEY, queryFn: () => getJson<CalendarFeedStatus>(CALENDAR_FEED_KEY[0]) });

export function useMakeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CalendarFeedLink>("POST", CALENDAR_FEED_KEY[0]),
    onSuccess: (link) => queryClient.setQueryData<CalendarFeedStatus>(CALENDAR_FEED_KEY, { active: true, createdAt: link.createdAt }),
  });
}

export function useStopCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<MessageResponse>("DELETE", CALENDAR_FEED_KEY[0]),
    onSuccess: () => queryClient.setQueryData<CalendarFeedStatus>(CALENDAR_FEED_KEY, { active: false, createdAt: null }),
  });
}
