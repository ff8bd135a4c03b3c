// Builds the app (`npm run build`) only when an output is missing or a source is newer than
// the oldest output: `npm start`, the browser tests and the bundle budget share one build, so
// a CI run builds once (docs/decisions/041).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCES = [
  "client",
  "server",
  "shared",
  "migrations",
  "scripts/prerender.ts",
  "scripts/page-chunks.mjs",
  "scripts/build-server.ts",
  "scripts/server-bundle.ts",
  "scripts/build-embedded-start.ts",
  "vite.config.ts",
  "package-lock.json",
];
// The landing pages rendered at build time too: a dist/ from before they existed is rebuilt.
const OUTPUTS = [
  "dist/client/index.html",
  "dist/client/.vite/prerendered.json",
  "dist/prerender/first-screen.js",
  "dist/server/index.js",
  "dist/server/heic-worker.js",
  "dist/server/tracing.js",
  "dist/embedded/start/pglite/PG_VERSION",
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether dist/ is missing an output or older than any source. */
export function buildIsStale() {
  const builtAt = Math.min(...OUTPUTS.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  return builtAt === 0 || Math.max(...SOURCES.map(newestMtime)) > builtAt;
}

/** Runs `npm run build` when stale; `quiet` keeps the build's own output off stdout. */
export function buildIfStale({ quiet = false } = {}) {
  if (!buildIsStale()) return false;
  console.log("Building the app (no build yet, or sources changed)...");
  // Always the production build: under Vitest NODE_ENV is "test", which would bundle React's
  // development build into what the browser tests load.
  const result = spawnSync("npm", ["run", "build", "--silent"], {
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!buildIfStale()) console.log("The build is up to date.");
}
