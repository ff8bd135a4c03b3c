// GET /api/openapi.json for everyone; in development, a readable page of it at /api/docs,
// served from swagger-ui-dist's own files (no CDN, so the CSP's script-src 'self' holds).
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { Router } from "express";
import type { Config } from "../../platform/config";

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Aussie Electricians API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the CSP allows scripts from 'self' only.
const START_SCRIPT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });\n`;

/** `document` is the API's OpenAPI document, which server/app.ts builds from every feature's operations. */
export function openApiRoutes(config: Pick<Config, "NODE_ENV">, document: () => object) {
  const router = Router();
  router.get("/openapi.json", (_req, res) => {
    res.json(document());
  });
  if (config.NODE_ENV === "development") {
    // Resolved only here: swagger-ui-dist is a development dependency, absent in production.
    const dist = path.dirname(fileURLToPath(import.meta.resolve("swagger-ui-dist/package.json")));
    router.get("/docs", (_req, res) => {
      res.type("html").send(DOCS_PAGE);
    });
    router.get("/docs/start.js", (_req, res) => {
      res.type("js").send(START_SCRIPT);
    });
    router.use("/docs", express.static(dist, { index: false }));
  }
  return router;
}
