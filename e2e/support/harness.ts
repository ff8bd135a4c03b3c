// One server (fresh database with demo data) and one Chromium per browser test file.
import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import type { ChromiumBuild } from "./chromium";
import { startServer } from "./server";

/** `build`: the full Chromium for a file that needs what its headless shell lacks (docs/decisions/068). */
export function useServerAndBrowser(env: Record<string, string> = {}, build: ChromiumBuild = "shell") {
  const ctx = {} as { server: Awaited<ReturnType<typeof startServer>>; browser: Browser };
  beforeAll(async () => {
    ctx.server = await startServer(env);
    ctx.browser = await launchBrowser(build);
    fs.mkdirSync("/tmp/shots", { recursive: true });
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
  });
  return ctx;
}
