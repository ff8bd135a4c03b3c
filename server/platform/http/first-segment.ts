// A feature's router entered only by requests its routes can answer, told by the first segment of
// the path below its mount (docs/decisions/119-routers-chosen-by-first-segment.md). Express tries
// every router in turn, and a router mounted at "/" tests each of its routes' patterns on every
// request that reaches it: an /api/ request walked up to 72 of their layers before its own router.
import type { Request, RequestHandler, Router } from "express";

/** What the router package (Express 5) keeps of each layer: its path or paths as given, and whether it is a middleware for every path. */
interface LayerPath {
  rawPath?: unknown;
  slash?: boolean;
}

/** The literal first segments a router's layers can match, lowercased; null when one layer may match any. */
export function firstSegments(router: Router): Set<string> | null {
  const segments = new Set<string>();
  for (const layer of router.stack as LayerPath[]) {
    // A middleware for every path: any request may be its.
    if (layer.slash) return null;
    const paths = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
    for (const path of paths) {
      // A regular expression, or a pattern in the first segment: any request may be its.
      if (typeof path !== "string") return null;
      const segment = /^\/([^/]*)/.exec(path)?.[1];
      if (segment === undefined || /[:*{}()\\]/.test(segment)) return null;
      segments.add(segment.toLowerCase());
    }
  }
  return segments;
}

/**
 * The first segment of the request's path below the mount, as Express's case-insensitive routes
 * compare it; null when the request line is not a plain path (a full URL), which the router reads itself.
 */
function firstSegmentOf(req: Request): string | null {
  const url = req.url;
  if (url[0] !== "/") return null;
  let stop = 1;
  while (stop < url.length && url[stop] !== "/" && url[stop] !== "?" && url[stop] !== "#") stop++;
  return url.slice(1, stop).toLowerCase();
}

/**
 * `feature`'s router, entered only when the request's first segment is one its routes begin with.
 * Read once, at the first request, when every route is in place. A router with a middleware for
 * every path, or a route whose first segment is a parameter or a pattern, is always entered, as
 * without this. The handler is named "router" and carries the router's stack, as a mounted router
 * does: the traces name a route by its mount paths only through handlers so named
 * (docs/decisions/097-traces.md), and server/test/registered-routes.ts lists the routes from the stack.
 */
export function enteredByFirstSegment(feature: Router): RequestHandler {
  let segments: Set<string> | null | undefined;
  const entered: RequestHandler = (req, res, next) => {
    if (segments === undefined) segments = firstSegments(feature);
    if (segments === null) return feature(req, res, next);
    const segment = firstSegmentOf(req);
    if (segment === null || segments.has(segment)) return feature(req, res, next);
    next();
  };
  // Set, not declared: a bundler renames a function that shares its name with another.
  return Object.defineProperties(entered, { name: { value: "router" }, stack: { value: feature.stack } });
}
