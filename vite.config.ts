import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig({
  root: path.resolve(import.meta.dirname, "client"),
  plugins: [
    react(),
    tailwindcss(),
    // Each asset also as .br and .gz, compressed once at build time at the highest level;
    // server/http/static.ts sends the one the browser accepts (issue 13).
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: /manifest\.json$/ }),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname, "client/src") },
      { find: "@shared", replacement: path.resolve(import.meta.dirname, "shared") },
      // Zod without its eval probe, which the CSP reports (client/src/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, "client/src/lib/zod.ts") },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/client"),
    emptyOutDir: true,
    // Which chunks each page loads: read by the prerender step (preload links) and size-limit.
    manifest: true,
    rolldownOptions: {
      // shared/ declares its Zod schemas at module level; a page that imports only a message or
      // a label from such a module need not carry Zod. Zod's calls have no side effects.
      treeshake: { manualPureFunctions: ["z"] },
    },
  },
  server: {
    proxy: { "/api": `http://localhost:${process.env.PORT ?? 5000}` },
  },
});
