// React's API, Preact's runtime (docs/decisions/129-preact-runs-the-app.md): the code and its
// libraries import React; the bundler hands them Preact's compat layer, about 55 kB gzipped
// lighter on every page than React DOM, in the browser and in the pages the server renders.
import path from "node:path";

const preactDir = path.resolve(import.meta.dirname, "../node_modules/preact");

/**
 * `sources`: the browser's build takes Preact's sources, not its dist. The dist is minified, and
 * one of its internal functions is named `z`, which `treeshake.manualPureFunctions` (vite.config.ts)
 * would drop, since that option matches names. Every Preact module must then come from the
 * sources, whose internal property names the dist mangles. The server-side build, which does
 * not take that option, takes the dist, which preact-render-to-string reads by those mangled names.
 */
export function preactInPlaceOfReact({ sources }: { sources: boolean }) {
  const entry = (subpath: string) => (sources ? path.join(preactDir, subpath, "src/index.js") : `preact/${subpath}`);
  return [
    { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
    { find: /^react-dom\/client$/, replacement: sources ? path.join(preactDir, "compat/client.mjs") : "preact/compat/client" },
    { find: /^react\/jsx(-dev)?-runtime$/, replacement: entry("jsx-runtime") },
    { find: /^(react|react-dom|preact\/compat)$/, replacement: entry("compat") },
    ...(sources
      ? [
          { find: /^preact$/, replacement: path.join(preactDir, "src/index.js") },
          { find: /^preact\/hooks$/, replacement: entry("hooks") },
        ]
      : []),
  ];
}
