// The routes an Express app really has mounted, read from its router stack. The
// authorization matrix and the OpenAPI drift test both compare their lists with it.
import type { Express } from "express";

interface StackLayer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: Array<{ handle: unknown }> };
  handle?: { stack?: StackLayer[] };
  rawPath?: string | RegExp | string[];
}

/** Walks Express 5's router stack (routes and mounted routers) into method + path patterns and their handlers. */
export function registeredRoutes(app: Express) {
  const found: Array<{ method: string; label: string; pattern: RegExp; handlers: unknown[] }> = [];
  const walk = (stack: StackLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of ([] as string[]).concat(layer.route.path)) {
          for (const method of Object.keys(layer.route.methods).filter((m) => m !== "_all")) {
            // A router's "/" route answers at its mount path itself: `api.use("/team", r)`, `r.get("/")` is GET /api/team.
            const full = path === "/" && prefix ? prefix : prefix + path;
            found.push({ method, label: `${method.toUpperCase()} ${full}`, pattern: patternOf(full), handlers: layer.route.stack.map((l) => l.handle) });
          }
        }
      } else if (layer.handle?.stack) {
        if (typeof layer.rawPath !== "string") throw new Error(`cannot read the mount path of a router: ${String(layer.rawPath)}`);
        walk(layer.handle.stack, layer.rawPath === "/" ? prefix : prefix + layer.rawPath);
      }
    }
  };
  walk((app as unknown as { router: { stack: StackLayer[] } }).router.stack, "");
  return found;
}

/** path-to-regexp v8 syntax this app uses: `:name` segments, `*name` wildcards, `{optional}`. */
function patternOf(path: string) {
  const source = path
    .replace(/[.+?^$()|[\]\\]/g, "\\$&")
    .replace(/:\w+/g, "[^/]+")
    .replace(/\*\w+/g, ".+")
    .replace(/\{/g, "(?:")
    .replace(/\}/g, ")?");
  return new RegExp(`^${source}/?$`);
}
