// The first screen of two pages, rendered per request into the page's HTML
// (docs/decisions/092-first-screen-from-the-server.md): a signed-in electrician's dashboard (the
// Available tab's first leads, from the same market query and redaction as GET /api/leads, with
// a Purchase that opens its confirmation before the app loads) and a customer's job page (the
// same view as GET /api/jobs/:token: status, the electrician's card, the Call button). On a weak
// signal the app's scripts take seconds; this HTML does not wait for them. Each route only
// notes the screen (res.locals); the page's HTML is written by static.ts, which sends it
// private and never stored. Rendered by the client's own components, built by Vite's SSR build
// (client/src/first-screen.tsx); without that build, or on any failure, the page goes out as it
// always did.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Request, RequestHandler, Response } from "express";
import type { DashboardSeed, FirstScreenSeed, JobSeed, QuoteSeed } from "../../shared/first-screen";
import { JOB_TOKEN_PATTERN } from "../../shared/job-page";
import { leadListQuery } from "../../shared/marketplace";
import { can, needsLicence } from "../../shared/policy";
import type { Db } from "../platform/db/client";
import type { Logger } from "../platform/logger";
import type { SessionSetup } from "../core/accounts";
import { licenceStandingOf } from "../core/providers";
import { jobView, type JobViewDeps } from "../features/jobs";
import { marketPage, type MarketCaches } from "../features/marketplace";

/** What the SSR build of client/src/first-screen.tsx exports. */
interface Renderers {
  renderDashboardFirstScreen(input: Omit<DashboardSeed, "kind" | "path"> & { url: string }): Promise<string>;
  renderJobFirstScreen(input: Omit<JobSeed, "kind" | "path"> & { url: string }): Promise<string>;
  renderQuoteFirstScreen(input: Omit<QuoteSeed, "kind" | "path"> & { url: string }): Promise<string>;
}

/** A screen for static.ts to write before #root, and the answers it was made from, for the app. */
export interface FirstScreen {
  html: string;
  seed: FirstScreenSeed;
  /** 200 unless said (a step shown again with its messages: 422). */
  status?: number;
}

/**
 * The renderers, loaded once on first use; null when the client has not been built with them, or
 * when the build cannot be loaded (said once, not at every page).
 */
export function firstScreenRenderers(clientDir: string, logger: Logger): () => Promise<Renderers | null> {
  const file = path.resolve(clientDir, "../prerender/first-screen.js");
  let loading: Promise<Renderers | null> | undefined;
  const load = async () => {
    if (!fs.existsSync(file)) return null;
    try {
      return (await import(pathToFileURL(file).href)) as Renderers;
    } catch (err) {
      logger.error({ err }, "first screen: the SSR build could not be loaded; pages go out without it");
      return null;
    }
  };
  return () => (loading ??= load());
}

export const firstScreenOf = (res: Response) => res.locals.firstScreen as FirstScreen | undefined;

export interface Deps {
  renderers: () => Promise<Renderers | null>;
  config: DashboardSeed["config"];
  logger: Logger;
}

/** Notes the screen, or nothing: a failure here costs the page its first screen, never the page. */
function noting(deps: Deps, make: (req: Request, renderers: Renderers) => Promise<FirstScreen | null>): RequestHandler {
  return async (req, res, next) => {
    try {
      const renderers = await deps.renderers();
      const screen = renderers && (await make(req, renderers));
      if (screen) res.locals.firstScreen = screen;
    } catch (err) {
      deps.logger.warn({ err }, "first screen: not rendered");
    }
    next();
  };
}

/** As the API sends it: dates as their ISO strings, as the app gets them. */
const asSent = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The market filters in the dashboard's address, as the app sends them to GET /api/leads. */
function marketQueryOf(req: Request) {
  const { scope, serviceType, withPhotos, sort } = req.query;
  return leadListQuery.safeParse({ scope, serviceType, withPhotos, sort }).data;
}

/** The Available tab is the one shown: no tab in the address, or that one. */
const opensOnAvailable = (req: Request) => req.query.tab === undefined || req.query.tab === "available";

export function dashboardFirstScreen(deps: Deps & { db: Db; now: () => Date; sessions: SessionSetup; caches?: MarketCaches }): RequestHandler[] {
  return [
    ...deps.sessions.middleware,
    noting(deps, async (req, renderers) => {
      const user = req.user;
      const query = marketQueryOf(req);
      if (!user || !can(user, "viewMarket") || !query || !opensOnAvailable(req)) return null;
      const now = deps.now();
      const [page, standing] = await Promise.all([
        marketPage(deps.db, user, query, now, deps.caches),
        can(user, "useDashboard") && needsLicence(user) ? licenceStandingOf(deps.db, user, now) : null,
      ]);
      const seed = asSent<DashboardSeed>({ kind: "dashboard", path: "/dashboard", config: deps.config, user, page, standing });
      return { seed, html: await renderers.renderDashboardFirstScreen({ ...seed, url: req.originalUrl }) };
    }),
  ];
}

/**
 * The job page counts against the same per-IP limit as GET /api/jobs/:token, so the HTML is no
 * cheaper way to try tokens; over it, the page goes without its first screen and the app's own
 * request gets the limit's answer.
 */
export function jobFirstScreen(deps: Deps & { view: JobViewDeps; limiter: RequestHandler }): RequestHandler[] {
  const render = noting(deps, async (req, renderers) => {
    const token = String(req.params.token ?? "");
    if (!JOB_TOKEN_PATTERN.test(token)) return null;
    const view = await jobView(deps.view, token);
    if (!view) return null;
    const seed = asSent<JobSeed>({ kind: "job", path: req.path, config: deps.config, token, view });
    return { seed, html: await renderers.renderJobFirstScreen({ ...seed, url: req.path }) };
  });
  return [
    // Without a build there is no screen, and the page's read counts nothing.
    async (req, res, next) => ((await deps.renderers()) ? deps.limiter(req, res, (err?: unknown) => (err ? next() : render(req, res, next))) : next()),
  ];
}
