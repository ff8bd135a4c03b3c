// One server (fresh database with demo data) and one Chromium per browser test file.
import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { startServer } from "./server";

export function useServerAndBrowser(env: Record<string, string> = {}) {
  const ctx = {} as { server: Awaited<ReturnType<typeof startServer>>; browser: Browser };
  beforeAll(async () => {
    ctx.server = await startServer(env);
    ctx.browser = await launchBrowser();
    fs.mkdirSync("/tmp/shots", { recursive: true });
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
  });
  return ctx;
}
