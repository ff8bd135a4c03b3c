// Serves the built SPA; any non-API GET falls back to index.html so client routes work on reload.
import fs from "node:fs";
import path from "node:path";
import express, { type Express } from "express";

export function serveClient(app: Express, clientDir: string) {
  const indexHtml = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexHtml)) return false;
  // Hashed assets never change: cache them for a year. index.html must always revalidate.
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
  );
  app.use(express.static(clientDir, { index: false, maxAge: "1h" }));
  app.get(/^(?!\/api(\/|$)).*/, (_req, res) => {
    res.set("Cache-Control", "no-cache");
    res.sendFile(indexHtml);
  });
  return true;
}
