// Bundles the server into dist/server/index.js; npm packages stay external (node_modules). The
// HEIC decoder's worker (docs/decisions/050-photos.md) is its own entry, dist/server/heic-worker.js,
// which server/core/photos/heic.ts finds beside the bundle.
import { build } from "esbuild";

await build({
  entryPoints: [
    { in: "server/index.ts", out: "index" },
    { in: "server/core/photos/heic-worker.ts", out: "heic-worker" },
  ],
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
