// Serves the built SPA; any non-API GET falls back to index.html so client routes work on reload.
// The public pages get their head tags (shared/seo.ts) written in, so crawlers and link
// previews see them without running JavaScript; unknown paths get noindex.
import fs from "node:fs";
import path from "node:path";
import express, { type Express } from "express";
import { BUSINESS_DATA_ID, businessJsonLd, fullTitle, headTags, NOT_FOUND_PAGE, OTHER_APP_PATHS, publicPageMeta, type PageMeta } from "../../shared/seo";
import { siteOrigin } from "./site-origin";

export interface SiteDetails {
  /** The site's own origin for canonical URLs; the request's host when unset. */
  PUBLIC_URL?: string;
  SITE_PHONE: string;
  SITE_EMAIL: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A JSON data block must never contain "</script>": "<" is written as its JSON escape. */
const jsonForScript = (data: object) => JSON.stringify(data).replace(/</g, "\\u003c");

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

export function serveClient(app: Express, clientDir: string, site: SiteDetails) {
  const indexHtml = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexHtml)) return false;
  const template = fs.readFileSync(indexHtml, "utf8");

  // Hashed assets never change: cache them for a year. index.html must always revalidate.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  app.use(express.static(clientDir, { index: false, maxAge: "1h" }));
  app.get(/^(?!\/api(\/|$)).*/, (req, res) => {
    res.set("Cache-Control", "no-cache");
    const meta = publicPageMeta(req.path) ?? (OTHER_APP_PATHS.includes(req.path) ? null : NOT_FOUND_PAGE);
    // Sign-in and dashboard screens set their own tags once the app runs.
    const html = meta ? pageHtml(template, meta, siteOrigin(req, site), site) : template;
    // 200 even when not found: signed-in providers land on the dashboard from any path.
    res.type("html").send(html);
  });
  return true;
}
