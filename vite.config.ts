import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { preactInPlaceOfReact } from "./scripts/preact-in-place-of-react";
import { APP_MANIFEST } from "./shared/app-manifest";

export default defineConfig(({ isSsrBuild }) => ({
  root: path.resolve(import.meta.dirname, "client"),
  plugins: [
    // The JSX transform. No Fast Refresh under `npm run dev` (a change reloads the page): it patches
    // React DOM, and Preact runs the app (docs/decisions/129-preact-runs-the-app.md).
    react({ refreshExclude: /./ }),
    tailwindcss(),
    // Each asset also as .br and .gz, compressed once at build time at the highest level;
    // server/web/static.ts sends the one the browser accepts (docs/decisions/028).
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: /manifest\.json$/ }),
    // The installable app (docs/decisions/030): the web app manifest and our own
    // service worker (client/src/sw.ts: app-shell precache, offline page, push, notification
    // taps), into which Workbox writes the list of built files to precache. Registered by
    // client/src/pwa/register.ts, not by the plugin.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      manifest: APP_MANIFEST,
      injectManifest: {
        // The app shell: the built scripts and styles, the offline page and the icons. Never
        // index.html: the server writes each page's head and landing HTML into it per request.
        // Not the operator's admin screen and its charts (about 100 KB compressed): a desktop
        // page no electrician's phone needs to carry.
        globPatterns: ["assets/*.{js,css}", "offline.html", "*.{png,svg}"],
        globIgnores: ["index.html", "assets/AdminPage-*", "assets/RevenueChart-*"],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname, "client/src") },
      { find: "@shared", replacement: path.resolve(import.meta.dirname, "shared") },
      // Zod without its eval probe, which the CSP reports (client/src/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, "client/src/lib/zod.ts") },
      ...preactInPlaceOfReact({ sources: !isSsrBuild }),
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/client"),
    emptyOutDir: true,
    // Which chunks each page loads: read by the prerender step (preload links) and size-limit.
    manifest: true,
    rolldownOptions: {
      // The server-side build (`vite build --ssr`): the landing pages rendered at build time
      // (scripts/prerender.ts) and the first screens the server renders per request
      // (server/web/first-screen.ts, docs/decisions/092-first-screen-from-the-server.md).
      ...(isSsrBuild && {
        input: {
          prerender: path.resolve(import.meta.dirname, "client/src/prerender.tsx"),
          "first-screen": path.resolve(import.meta.dirname, "client/src/first-screen.tsx"),
        },
      }),
      // TanStack Query and wouter in one chunk, which every page loads: left to the bundler, they
      // fell into three or four chunks by which lazy chunks use which part (useMutation alone, the
      // router alone), 1.4 kB more on every landing page for the same code
      // (docs/decisions/113-the-dashboards-first-load.md).
      ...(!isSsrBuild && {
        output: { codeSplitting: { groups: [{ name: "app-libraries", test: /node_modules[\\/](@tanstack[\\/]|wouter[\\/]|regexparam[\\/])/ }] } },
      }),
      // shared/ declares its Zod schemas at module level; a page that imports only a message or
      // a label from such a module need not carry Zod. Zod's calls have no side effects. The
      // option matches any function named `z`, minified ones too (Preact's published files have
      // one: scripts/preact-in-place-of-react.ts), so only the browser's build, where the bytes
      // count, takes it.
      ...(!isSsrBuild && { treeshake: { manualPureFunctions: ["z"] } }),
    },
  },
  // The SSR build takes its libraries in: left external, they would import React itself, not the
  // Preact that renders them (docs/decisions/129-preact-runs-the-app.md), and lucide-react's entry
  // made the server load every one of its 1,500 icon modules at start for a dozen icons, 9-15 MiB
  // of its idle RSS (docs/decisions/107-a-small-server-under-load.md).
  ssr: { noExternal: true },
  server: {
    proxy: { "/api": `http://localhost:${process.env.PORT ?? 5000}` },
  },
}));
