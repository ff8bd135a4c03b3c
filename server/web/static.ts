// Serves the built SPA; any non-API GET falls back to index.html so client routes work on reload.
// The public pages get their head tags (shared/seo.ts) written in, so crawlers and link
// previews see them without running JavaScript; unknown paths get noindex. Pages rendered at
// build time (scripts/prerender.ts) get their HTML too, so a phone paints before the script runs.
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import type { Express, Request, Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { telHref } from "../../shared/phone";
import { isJobPagePath, JOB_PAGE_HEADERS } from "../platform/http/job-page-privacy";
import { carriesCookie, SESSION_COOKIE } from "../platform/http/session-cookie";
import { hintForPage } from "../platform/http/session-hint";
import { BUSINESS_DATA_ID, businessJsonLd, fullTitle, headTags, NOT_FOUND_PAGE, OTHER_APP_PATHS, publicPageMeta, type PageMeta } from "../../shared/seo";
import { LEAD_PRICES_PAGE } from "../../shared/lead-prices-page";
import { crawlerRoutes, type CrawlerSources } from "./crawlers";
import { EARLY_INPUT_SCRIPT } from "../platform/http/early-input";
import { escapeHtml, jsonForScript } from "../platform/http/html";
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_ID } from "../../shared/first-screen";
import { firstScreenOf, type FirstScreen } from "./first-screen";
import { withAnsweredQuoteForm } from "./quote-next";
import { siteOrigin, type SiteDetails } from "../platform/http/site-origin";

export function renderHead(meta: PageMeta, origin: string, site: SiteDetails) {
  const tags = headTags(meta, origin).map((tag) =>
    tag.kind === "meta"
      ? `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" />`
      : `<link rel="canonical" href="${escapeHtml(tag.href)}" />`,
  );
  if (meta.businessData) {
    const data = jsonForScript(businessJsonLd(origin, site.SITE_PHONE, site.SITE_EMAIL));
    tags.push(`<script type="application/ld+json" id="${BUSINESS_DATA_ID}">${data}</script>`);
  }
  return [`<title>${escapeHtml(fullTitle(meta.title))}</title>`, ...tags].map((t) => `    ${t}\n`).join("");
}

/** index.html with the page's head: the template's own title and description make way. */
export function pageHtml(template: string, meta: PageMeta, origin: string, site: SiteDetails) {
  const bare = template.replace(/[ \t]*<title>[\s\S]*?<\/title>\r?\n?/, "").replace(/[ \t]*<meta name="description"[^>]*>\r?\n?/, "");
  // A function, not a string: "$$" in the business data's price range must stay "$$".
  return bare.replace(/([ \t]*)<\/head>/, (_, indent: string) => `${renderHead(meta, origin, site)}${indent}</head>`);
}

/** A page rendered at build time: the markup inside #root, and the phone and email it was rendered with. */
export interface PrerenderedPage {
  html: string;
  sitePhone: string;
  siteEmail: string;
}

/** Written by scripts/prerender.ts beside Vite's manifest; dot folders are never served. */
export const PRERENDERED_FILE = ".vite/prerendered.json";

function readPrerendered(clientDir: string): Map<string, PrerenderedPage> {
  const file = path.join(clientDir, PRERENDERED_FILE);
  if (!fs.existsSync(file)) return new Map();
  return new Map(Object.entries(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, PrerenderedPage>));
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
const STYLESHEET_LINE = new RegExp(`[ \\t]*${STYLESHEET.source}\\r?\\n?`);

/** The app's one stylesheet, read once: written into a prerendered page so it paints after one round trip. */
function readStylesheet(clientDir: string, template: string) {
  const href = STYLESHEET.exec(template)?.[1];
  return href ? fs.readFileSync(path.join(clientDir, href), "utf8") : null;
}

/** index.html's #root, empty or holding the app's shell (a header and grey blocks shown until the app renders). */
const ROOT = /<div id="root">\s*(?:<!--shell-->[\s\S]*?<!--\/shell-->\s*)?<\/div>/;

/**
 * The page's markup in #root with the site's own phone and email, marked so the client starts
 * signed out (no session to ask for) and paints before fetching the app; its stylesheet inline.
 * Before it, the script that keeps a tap made before the app is live (docs/decisions/036).
 */
export function withPrerendered(html: string, page: PrerenderedPage, site: SiteDetails, css: string | null) {
  const body = page.html
    .replaceAll(escapeHtml(telHref(page.sitePhone)), escapeHtml(telHref(site.SITE_PHONE)))
    .replaceAll(escapeHtml(page.sitePhone), escapeHtml(site.SITE_PHONE))
    .replaceAll(escapeHtml(page.siteEmail), escapeHtml(site.SITE_EMAIL));
  const styled = css === null ? html : html.replace(STYLESHEET, () => `<style>${css}</style>`);
  return styled.replace(ROOT, () => `<script>${EARLY_INPUT_SCRIPT}</script><div id="root" data-prerendered="">${withAnsweredQuoteForm(body)}</div>`);
}

/**
 * A page without build-time HTML paints the app's shell (inline styles only) before the
 * stylesheet has come: the stylesheet's link moves from the head to just after #root, where it
 * holds back what follows (the app's scripts wait for it too) but not the shell. On a slow phone
 * that is one round trip less before anything shows, e.g. the dashboard just after signing in
 * by the sign-in page's own form (docs/decisions/036).
 */
export function withShellFirst(html: string) {
  const link = STYLESHEET.exec(html)?.[0];
  if (!link || !ROOT.test(html)) return html;
  return html.replace(STYLESHEET_LINE, "").replace(ROOT, (root) => `${root}${link}`);
}

/**
 * A first screen the server rendered for this request (./first-screen.ts) before #root, which
 * stays hidden until the app hands over; the answers it was made from beside it, as data; before
 * it, the script that holds a submit made before the app is ready (docs/decisions/036). The
 * stylesheet stays in the head: the screen is the app's own markup and must not paint unstyled.
 */
export function withFirstScreen(html: string, screen: FirstScreen, css: string | null = null) {
  const data = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonForScript(screen.seed)}</script>`;
  const first = `<div id="${FIRST_SCREEN_ID}" data-path="${escapeHtml(screen.seed.path)}">${screen.html}</div>`;
  const styled = css === null ? html : html.replace(STYLESHEET, () => `<style>${css}</style>`);
  return styled.replace(ROOT, () => `<script>${EARLY_INPUT_SCRIPT}</script>${first}${data}<div id="root" hidden></div>`);
}

/**
 * The wizard's step after a Next the server answered (docs/decisions/100-the-wizards-next-before-the-app.md)
 * paints after one round trip, as the build-time page it came from: its stylesheet inline.
 */
const stylesInline = (screen: FirstScreen) => screen.seed.kind === "quote";

/** Rendered for a signed-out visitor: with a session cookie the app may be someone's dashboard. */
const mayBeSignedIn = (req: Request) => carriesCookie(req.headers.cookie, SESSION_COOKIE);

/**
 * The service worker is checked for updates on every visit (an hour's cache would keep a fixed
 * worker away for an hour) and may control the whole site; the manifest gets its own type
 * (docs/decisions/030). Called by serve-static before it sets its own Cache-Control.
 */
function installableAppHeaders(res: ServerResponse, filePath: string) {
  const name = path.basename(filePath);
  if (name === "sw.js") {
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Service-Worker-Allowed", "/");
  } else if (name === "manifest.webmanifest") res.setHeader("Content-Type", "application/manifest+json; charset=utf-8");
}

export function serveClient(app: Express, clientDir: string, site: SiteDetails, crawlers: CrawlerSources = {}) {
  const indexHtml = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexHtml)) return false;
  const template = fs.readFileSync(indexHtml, "utf8");
  const prerendered = readPrerendered(clientDir);
  const css = prerendered.size > 0 ? readStylesheet(clientDir, template) : null;

  crawlerRoutes(app, site, crawlers);
  // Hashed assets never change: cache them for a year. index.html must always revalidate.
  // The build stores each asset also as .br and .gz (vite.config.ts): sent as the browser accepts.
  const assets = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false as const };
  app.use("/assets", expressStaticGzip(path.join(clientDir, "assets"), { ...assets, serveStatic: { immutable: true, maxAge: "1y", fallthrough: false } }));
  app.use(expressStaticGzip(clientDir, { ...assets, serveStatic: { index: false, maxAge: "1h", setHeaders: installableAppHeaders } }));
  const sendPage = (req: Request, res: Response) => {
    res.set("Cache-Control", "no-cache");
    hintForPage(req, res);
    // A job page's address is its customer's key: no Referer to another site, no index (docs/decisions/044-job-page.md).
    if (isJobPagePath(req.path)) res.set(JOB_PAGE_HEADERS);
    const meta =
      publicPageMeta(req.path) ??
      (req.path === LEAD_PRICES_PAGE.path ? LEAD_PRICES_PAGE : null) ??
      (OTHER_APP_PATHS.includes(req.path) || isJobPagePath(req.path) ? null : NOT_FOUND_PAGE);
    // Sign-in and dashboard screens set their own tags once the app runs.
    let html = meta ? pageHtml(template, meta, siteOrigin(req, site), site) : template;
    // Only the exact path: a query string (a prefilled quote) renders differently.
    const page = prerendered.get(req.path);
    if (page) res.vary("Cookie");
    const first = firstScreenOf(res);
    if (first) {
      // One person's page: kept by no cache, the browser's included (docs/decisions/092-first-screen-from-the-server.md).
      res.set("Cache-Control", "private, no-store").vary("Cookie");
      html = withFirstScreen(html, first, stylesInline(first) ? css : null);
    } else html = page && req.url === req.path && !mayBeSignedIn(req) ? withPrerendered(html, page, site, css) : withShellFirst(html);
    // A path no page answers is a 404, for crawlers and link checkers; the app still runs in
    // it, shows "Page not found" with the ways on, and takes a signed-in electrician to the dashboard.
    res
      .status(meta === NOT_FOUND_PAGE ? 404 : (first?.status ?? 200))
      .type("html")
      .send(html);
  };
  app.get(/^(?!\/api(\/|$)).*/, sendPage);
  // A page's form posts to its own page (docs/decisions/036), so that without the app it never
  // puts what was typed in the address. The app handles every such submit itself; one that
  // reaches the server (scripts off or failed) comes back to the page, its body unread. Sign-in
  // and the home page's search are the exceptions, answered before this (server/features/auth/login-form.ts,
  // server/features/leads/location-search-form.ts); the wizard's Next comes here with the screen
  // the server rendered for it (./quote-next.ts), sent as its page.
  app.post(/^(?!\/api(\/|$)).*/, (req, res) => (firstScreenOf(res) ? sendPage(req, res) : res.redirect(303, req.path)));
  return true;
}
