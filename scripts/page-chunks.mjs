// Which built JavaScript files each landing page loads, read from Vite's manifest
// (build.manifest in vite.config.ts): the entry and its static imports, then the
// app (start.tsx) and the page's own lazy chunk, each with its static imports. The size budget
// (.size-limit.js) and the Lighthouse script read the pages from here.
import fs from "node:fs";
import path from "node:path";

export const CLIENT_DIR = "dist/client";
const MANIFEST = path.join(CLIENT_DIR, ".vite/manifest.json");

/** The app itself: the entry (main.tsx) loads it once the page has painted. */
const APP_MODULE = "src/start.tsx";

/** The pages a phone lands on (docs/decisions/028), with the module routes.tsx loads for each. */
export const LANDING_PAGES = [
  { path: "/", module: "src/features/home/HomePage.tsx" },
  { path: "/get-quote", module: "src/features/quote/QuotePage.tsx" },
  { path: "/login", module: "src/features/auth/components/LoginPage.tsx" },
];

export function readManifest() {
  if (!fs.existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`npm run build\` first`);
  return JSON.parse(fs.readFileSync(MANIFEST, "utf8"));
}

/** A manifest entry's file and every file it imports statically, transitively. */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

const entryKey = (manifest) => Object.keys(manifest).find((key) => manifest[key].isEntry);

/** Every JavaScript file the page needs before it runs, relative to the client folder: the entry, the app and the page. */
export function pageFiles(manifest, module) {
  const files = staticClosure(manifest, entryKey(manifest));
  staticClosure(manifest, APP_MODULE, files);
  return [...staticClosure(manifest, module, files)];
}
