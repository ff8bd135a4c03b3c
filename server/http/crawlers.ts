// robots.txt and sitemap.xml (docs/decisions/028): real files for crawlers instead of the SPA's HTML.
// The sitemap lists the indexable public pages of shared/seo.ts, on the site's own origin.
import type { Express } from "express";
import { PUBLIC_PAGES } from "../../shared/seo";
import { siteOrigin } from "./site-origin";
import type { SiteDetails } from "./static";

/** Signed-in and operator screens, and the API, are no use in search results. */
const PRIVATE_PREFIXES = ["/api/", "/dashboard", "/admin"];

export const robotsTxt = (origin: string) =>
  ["User-agent: *", "Allow: /", ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");

export function sitemapXml(origin: string) {
  // Two paths may share one canonical page (/terms-conditions): each canonical path once.
  const paths = new Set(Object.values(PUBLIC_PAGES).flatMap((page) => ("noIndex" in page && page.noIndex ? [] : [page.path])));
  const urls = [...paths].map((p) => `  <url><loc>${origin}${p}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}

export function crawlerRoutes(app: Express, site: Pick<SiteDetails, "PUBLIC_URL">) {
  app.get("/robots.txt", (req, res) => {
    res
      .set("Cache-Control", "public, max-age=3600")
      .type("text/plain")
      .send(robotsTxt(siteOrigin(req, site)));
  });
  app.get("/sitemap.xml", (req, res) => {
    res
      .set("Cache-Control", "public, max-age=3600")
      .type("application/xml")
      .send(sitemapXml(siteOrigin(req, site)));
  });
}
