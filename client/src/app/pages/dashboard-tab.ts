// The dashboard's tab is part of its address (docs/decisions/082-the-dashboard-tab-in-the-address.md):
// ?tab=quote_sent. A reload opens the same tab, and the phone's Back goes back a tab before it
// leaves the app. The person's own first tab has no parameter, so /dashboard stays /dashboard.
import { useLocation, useSearch } from "wouter";

const PARAM = "tab";

/**
 * The tab the address names when it is one of `allowed`, else `first`; and a setter that adds a
 * history entry for each change, keeping the rest of the query (the market's filters).
 */
export function useDashboardTab(first: string, allowed: readonly string[]): [string, (tab: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const named = new URLSearchParams(search).get(PARAM);
  const tab = named && allowed.includes(named) ? named : first;
  const setTab = (next: string) => {
    // Read at the call, not from the render: Radix's tabs report one tap twice (pointer down, then
    // focus) before the page renders again, and a second entry would make Back seem to do nothing.
    const params = new URLSearchParams(window.location.search);
    if ((params.get(PARAM) ?? first) === next) return;
    if (next === first) params.delete(PARAM);
    else params.set(PARAM, next);
    const query = params.toString().replace(/%2C/gi, ",");
    navigate(query ? `${location}?${query}` : location);
  };
  return [tab, setTab];
}
