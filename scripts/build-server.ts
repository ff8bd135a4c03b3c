// Bundles the server into dist/server/index.js; npm packages stay external (node_modules), but the few scripts/server-bundle.ts takes in. The
// HEIC decoder's worker (docs/decisions/050-photos.md) is its own entry, dist/server/heic-worker.js,
// which server/core/photos/heic.ts finds beside the bundle; tracing's, dist/server/tracing.js.
import { build } from "esbuild";
import { serverBundleOptions } from "./server-bundle";

await build({
  entryPoints: [
    { in: "server/index.ts", out: "index" },
    { in: "server/core/photos/heic-worker.ts", out: "heic-worker" },
    // Tracing, loaded before the server by `node --import` (scripts/tracing.mjs, docs/decisions/097-traces.md).
    { in: "server/platform/tracing/register.ts", out: "tracing" },
  ],
  outdir: "dist/server",
  ...serverBundleOptions(),
  sourcemap: true,
});
