// `npm start`: build what is missing or out of date, then run the built server.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const SOURCES = ["client", "server", "shared", "scripts/prerender.ts", "scripts/page-chunks.mjs", "vite.config.ts", "package-lock.json"];
// The landing pages rendered at build time too: a dist/ from before they existed is rebuilt.
const OUTPUTS = ["dist/client/index.html", "dist/client/.vite/prerendered.json", "dist/server/index.js"];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = Math.min(...OUTPUTS.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
const changedAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt === 0 || changedAt > builtAt) {
  console.log("Building the app (first start or sources changed)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Same process, so SIGTERM reaches the server's graceful shutdown directly.
process.setSourceMapsEnabled(true);
await import(path.resolve("dist/server/index.js"));
