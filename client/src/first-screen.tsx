// The first screen of a signed-in dashboard and of a customer's job page, rendered by the
// server for each request (server/web/first-screen.ts, docs/decisions/092-first-screen-from-the-server.md):
// on a weak signal the app's scripts take seconds, so what a person came for (the first leads
// and their Purchase, or the job's status and the electrician's Call button) comes in the
// HTML; so does the quote wizard's step 2 after a Next tapped before the app (docs/decisions/100-the-wizards-next-before-the-app.md).
// The real components with the same answers the app asks for, so the app, once ready,
// shows the same screen in its place (client/src/lib/first-screen.ts). Built by Vite's SSR
// build beside prerender.tsx; nothing here reaches the browser's bundles.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStringAsync } from "preact-render-to-string";
import { Route, Router } from "wouter";
import type { CurrentUser } from "@shared/auth";
import type { JobView } from "@shared/jobs";
import type { LeadPage } from "@shared/marketplace";
import type { PublicConfig } from "@shared/site";
import type { VerificationStanding } from "@shared/vetting";
import { CURRENT_USER_KEY } from "@/lib/auth";
import { PUBLIC_CONFIG_KEY } from "@/lib/use-public-config";
import { jobQueryKey } from "@/features/job/api/job";
import { JobPage } from "@/features/job/JobPage";
import { QuoteFirstScreen, type QuoteFirstScreenProps } from "@/features/quote/QuoteFirstScreen";
import { DashboardFirstScreen } from "./app/pages/DashboardFirstScreen";

/** What the server hands the dashboard's first screen: the answers of GET /api/auth/me, /api/leads and /api/auth/verification. */
export interface DashboardInput {
  user: CurrentUser;
  page: LeadPage;
  standing: VerificationStanding | null;
  config: PublicConfig;
  /** The address asked for (the market filters are in its query). */
  url: string;
}

export interface JobInput {
  token: string;
  view: JobView;
  config: PublicConfig;
  url: string;
}

function rendered(url: string, seed: (client: QueryClient) => void, screen: React.ReactNode) {
  // Only the answers given: nothing is asked for while rendering.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, staleTime: Infinity, queryFn: () => new Promise<never>(() => {}) } } });
  seed(client);
  const [path, search = ""] = url.split("?");
  // Preact renders the app (docs/decisions/129-preact-runs-the-app.md). Its renderer waits for
  // a lazy part's chunk where React's would have written the part's fallback; its synchronous
  // one throws instead. The element is React's type, which Preact's renderer takes as its own.
  return renderToStringAsync(
    (
      <QueryClientProvider client={client}>
        <Router ssrPath={path} ssrSearch={search}>
          {screen}
        </Router>
      </QueryClientProvider>
    ) as never,
  );
}

export function renderDashboardFirstScreen(input: DashboardInput) {
  return rendered(
    input.url,
    (client) => {
      client.setQueryData(CURRENT_USER_KEY, input.user);
      client.setQueryData(PUBLIC_CONFIG_KEY, input.config);
    },
    <DashboardFirstScreen user={input.user} page={input.page} standing={input.standing} />,
  );
}

export function renderJobFirstScreen(input: JobInput) {
  return rendered(
    input.url,
    (client) => {
      // The page loads no session: the header as for a visitor until the app asks.
      client.setQueryData(CURRENT_USER_KEY, null);
      client.setQueryData(PUBLIC_CONFIG_KEY, input.config);
      client.setQueryData(jobQueryKey(input.token), input.view);
    },
    <Route path="/job/:token">
      <JobPage />
    </Route>,
  );
}

export interface QuoteInput extends QuoteFirstScreenProps {
  config: PublicConfig;
  url: string;
}

/** The description is a field react-hook-form leaves to the browser (no value in the markup): its text goes in here. */
const withDescription = (html: string, text: string | undefined) =>
  text
    ? html.replace(/(<textarea[^>]*name="electricalWork"[^>]*>)(<\/textarea>)/, (_, open: string, close: string) => `${open}${escapeText(text)}${close}`)
    : html;
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function renderQuoteFirstScreen(input: QuoteInput) {
  const html = await rendered(
    input.url,
    (client) => {
      client.setQueryData(CURRENT_USER_KEY, null);
      client.setQueryData(PUBLIC_CONFIG_KEY, input.config);
    },
    <QuoteFirstScreen step={input.step} values={input.values} errors={input.errors} />,
  );
  return input.step === 0 ? withDescription(html, input.values.electricalWork) : html;
}
