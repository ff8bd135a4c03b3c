// CSRF defence without tokens (docs/product.md section 10, docs/decisions/008-csrf-origin-check.md):
// the session cookie is SameSite=Lax, and every state-changing API call must come from our
// own origin (when the browser says where it comes from) and carry JSON, which a plain
// cross-site HTML form cannot send.
import type { Request, RequestHandler } from "express";
import type { Config } from "../config";
import { AppError } from "./errors";
import { isSiteOrigin } from "./site-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Routes whose caller proves itself with a signature, not a cookie: Stripe's raw-body webhook,
 * and the alert e-mail's one-click unsubscribe, which mail clients POST as a form without an
 * Origin (RFC 8058; its signed token is the credential).
 */
const EXEMPT_PATHS = new Set(["/api/stripe/webhook", "/api/alerts/unsubscribe"]);
/**
 * Photo uploads send multipart/form-data (docs/decisions/050-photos.md). No cookie opens them (the
 * quote's upload is public, the job page's carries its token in the path), so a form from
 * elsewhere gains nothing a script could not do directly; the Origin check still applies. A job's
 * completed form (docs/decisions/105-paperwork-on-the-card.md) is uploaded with the session's cookie,
 * so it is taken by PUT only: no HTML form can send a PUT, and a script on another site must pass a
 * CORS preflight we never grant; the Origin check applies too.
 */
const MULTIPART_PATHS = [/^\/api\/uploads\/?$/, /^\/api\/jobs\/[^/]+\/photos\/?$/];
const MULTIPART_PUT_PATHS = [/^\/api\/lead-purchases\/\d+\/paperwork\/[a-z_]+\/form\/?$/];

export const CSRF_MESSAGES = {
  crossSite: "Cross-site request refused",
  notJson: "Content-Type must be application/json",
} as const;

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Browsers send Origin on every cross-site POST/PUT/PATCH/DELETE; Referer is the fallback for
 * old ones. Neither header: not a browser (curl, server-to-server), and without a browser there
 * is no ambient cookie to abuse.
 */
function isCrossSite(req: Request, config: Pick<Config, "PUBLIC_URL">) {
  const claimed = req.get("origin") ?? req.get("referer");
  if (claimed === undefined) return false;
  const origin = originOf(claimed); // "null" (sandboxed frames, some redirects) → undefined
  return !origin || !isSiteOrigin(origin, req, config);
}

/**
 * The Origin check alone, for a page's own form (docs/decisions/036): a form cannot send JSON,
 * so its body is not held to that rule, but it must come from one of our pages.
 */
export function refuseCrossSite(config: Pick<Config, "PUBLIC_URL">): RequestHandler {
  return (req, _res, next) => next(isCrossSite(req, config) ? new AppError(403, CSRF_MESSAGES.crossSite) : undefined);
}

export function csrfGuard(config: Pick<Config, "PUBLIC_URL">): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || EXEMPT_PATHS.has(req.originalUrl.split("?")[0]!)) return next();
    if (isCrossSite(req, config)) return next(new AppError(403, CSRF_MESSAGES.crossSite));

    const hasBody = Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;
    const path = req.originalUrl.split("?")[0]!;
    const multipart =
      req.is("multipart/form-data") &&
      (MULTIPART_PATHS.some((pattern) => pattern.test(path)) || (req.method === "PUT" && MULTIPART_PUT_PATHS.some((pattern) => pattern.test(path))));
    if (hasBody && !req.is("application/json") && !multipart) return next(new AppError(415, CSRF_MESSAGES.notJson));
    next();
  };
}
