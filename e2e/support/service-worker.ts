// The site's service worker as a browser test meets it.
import type { BrowserContext, Page, Worker } from "playwright-core";
import { expect } from "vitest";

/** The page is controlled by the site's service worker (it claims the page on first install). */
export async function controlledBy(context: BrowserContext, page: Page): Promise<Worker> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  expect(new URL(worker.url()).pathname).toBe("/sw.js");
  return worker;
}
