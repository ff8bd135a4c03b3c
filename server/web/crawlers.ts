// robots.txt and sitemap.xml (docs/decisions/028): real files for crawlers instead of the SPA's HTML.
// The sitemap lists the indexable public pages of shared/seo.ts and every public electrician
// profile (docs/decisions/060-public-profiles.md), on the site's own origin.
import type { Express } from "express";
import { PUBLIC_PAGES } from "../../shared/seo";
import { siteOrigin, type SiteDetails } from "../platform/http/site-origin";

/** Signed-in and operator screens, and the API, are no use in search results. */
const PRIVATE_PREFIXES = ["/api/", "/dashboard", "/admin"];

export const robotsTxt = (origin: string) =>
  ["User-agent: *", "Allow: /", ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");

export interface CrawlerSources {
  /** More indexable paths, read per request: the public profiles. */
  sitemapPaths?: () => Promise<string[]>;
}

export function sitemapXml(origin: string, more: string[] = []) {
  // Two paths may share one canonical page (/terms-conditions): each canonical path once.
  const paths = new Set([...Object.values(PUBLIC_PAGES).flatMap((page) => ("noIndex" in page && page.noIndex ? [] : [page.path])), ...more]);
  // Slugs are [a-z0-9-] and the origin is ours; escaped anyway, as XML wants.
  const urls = [...paths].map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

export function crawlerRoutes(app: Express, site: Pick<SiteDetails, "PUBLIC_URL">, sources: CrawlerSources = {}) {
  app.get("/robots.txt", (req, res) => {
    res
      .set("Cache-Control", "public, max-age=3600")
      .type("text/plain")
      .send(robotsTxt(siteOrigin(req, site)));
  });
  app.get("/sitemap.xml", async (req, res) => {
    const more = sources.sitemapPaths ? await sources.sitemapPaths() : [];
    res
      .set("Cache-Control", "public, max-age=3600")
      .type("application/xml")
      .send(sitemapXml(siteOrigin(req, site), more));
  });
}
