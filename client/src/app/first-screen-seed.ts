// The answers a server-rendered first screen was made from (docs/decisions/092-first-screen-from-the-server.md),
// put where each feature's query looks for them, so the app's first render is that screen again
// without asking the server: the signed-in user, the market's first page for the address's
// filters, the buyer's standing, the job page's view, or the wizard's answers (./quote-first-screen.ts).
import type { QueryClient } from "@tanstack/react-query";
import { CURRENT_USER_KEY } from "@/lib/auth";
import { firstScreenClockOffset, firstScreenPath, firstScreenSeed, handOverFirstScreen } from "@/lib/first-screen";
import { QUERY_KEYS } from "@/lib/query-keys";
import { PUBLIC_CONFIG_KEY } from "@/lib/use-public-config";
import { jobQueryKey } from "@/features/job/api/job";
import { AVAILABLE_LEADS_KEY } from "@/features/marketplace/api/available-leads";
import { filtersFromSearch } from "@/features/marketplace/market-filters";
import { seedQuote } from "./quote-first-screen";

/**
 * The page the screen was rendered for hands it over once its own is ready; on any other (a link
 * tapped in the header, a route this user does not have) it goes at once. Wouter's address
 * changes are these events (it reports pushState and replaceState as events of their own).
 */
function leaveOnAnotherPage() {
  const check = () => {
    const path = firstScreenPath();
    if (path === null) return ADDRESS_EVENTS.forEach((name) => window.removeEventListener(name, check));
    if (path !== window.location.pathname) handOverFirstScreen();
  };
  ADDRESS_EVENTS.forEach((name) => window.addEventListener(name, check));
  check();
}
const ADDRESS_EVENTS = ["popstate", "pushState", "replaceState"];

export function seedFromFirstScreen(): ((client: QueryClient) => void) | undefined {
  const seed = firstScreenSeed();
  if (!seed) return undefined;
  leaveOnAnotherPage();
  // The wizard starts from the answers as the server got them, before it first renders.
  if (seed.kind === "quote") seedQuote(seed);
  return (client) => {
    client.setQueryData(PUBLIC_CONFIG_KEY, seed.config);
    if (seed.kind === "quote") return;
    if (seed.kind === "job") {
      // Whoever opened the link: the header asks, as on any page.
      client.setQueryData(jobQueryKey(seed.token), seed.view);
      return;
    }
    client.setQueryData(CURRENT_USER_KEY, seed.user);
    if (seed.standing) client.setQueryData(QUERY_KEYS.verification, seed.standing);
    const page = { ...seed.page, clockOffsetMs: firstScreenClockOffset(seed.page.serverTime) };
    client.setQueryData([...AVAILABLE_LEADS_KEY, filtersFromSearch(window.location.search)], { pages: [page], pageParams: [null] });
  };
}
