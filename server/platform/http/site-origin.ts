// The site's own origin: PUBLIC_URL when set, else the origin the request came to. Links in
// answers and mail, canonical URLs and the CSRF check all ask here. In production PUBLIC_URL
// is required (server/platform/config.ts), so a forged Host header cannot point a mailed link elsewhere.
import type { Request } from "express";
import type { Config } from "../config";

type SiteConfig = Pick<Config, "PUBLIC_URL">;

/** What the site's pages say of it: its origin for canonical URLs (the request's host when unset), phone and e-mail. */
export interface SiteDetails {
  PUBLIC_URL?: string;
  SITE_PHONE: string;
  SITE_EMAIL: string;
}

const publicOrigin = (config: SiteConfig) => (config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined);

/** Where links point. */
export function siteOrigin(req: Request, config: SiteConfig): string {
  return publicOrigin(config) ?? `${req.protocol}://${req.get("host")}`;
}

/**
 * Whether a browser's claimed origin is ours (the CSRF check, docs/decisions/008): PUBLIC_URL,
 * or the host this request was addressed to. The host is compared without the scheme, so a
 * TLS-terminating proxy (http inside, https outside) does not make every browser request look foreign.
 */
export function isSiteOrigin(origin: string, req: Request, config: SiteConfig): boolean {
  if (origin === publicOrigin(config)) return true;
  const host = req.get("host");
  return host !== undefined && new URL(origin).host === host.toLowerCase();
}
