// Build step after `vite build` and its SSR build of client/src/prerender.tsx: writes each
// landing page's HTML to dist/client/.vite/prerendered.json, which server/web/static.ts puts
// into index.html for a signed-out visitor.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PrerenderedPage } from "../server/web/static";
import { CLIENT_DIR, LANDING_PAGES } from "./page-chunks.mjs";

const RENDERER = path.resolve("dist/prerender/prerender.js");
const { renderPage } = (await import(pathToFileURL(RENDERER).href)) as { renderPage: (path: string) => Promise<PrerenderedPage> };

const pages: Record<string, PrerenderedPage> = {};
for (const page of LANDING_PAGES) pages[page.path] = await renderPage(page.path);
fs.writeFileSync(path.join(CLIENT_DIR, ".vite/prerendered.json"), JSON.stringify(pages));
console.log(`Prerendered ${Object.keys(pages).join(", ")}`);
