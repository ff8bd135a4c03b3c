// Debian's Chromium driven by playwright-core (docs/runtime.md section 6).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Download, type Page } from "playwright-core";
import { expect, inject, onTestFinished } from "vitest";
import { launchOptions, type ChromiumBuild } from "./chromium";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** How far the page scrolls sideways: 0 when it fits. */
export const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's Chromium (e2e/global-setup.ts); each file connects instead of launching its own. */
    chromiumEndpoint: string;
  }
}

/**
 * The run's shared Chromium when the browser tests' global setup started one, else a Chromium
 * of this file's own; the full browser is always the file's own (docs/decisions/068). Closing a
 * connected browser closes only this file's contexts.
 */
export function launchBrowser(build: ChromiumBuild = "shell"): Promise<Browser> {
  const endpoint = process.env.VITEST && build === "shell" ? inject("chromiumEndpoint") : undefined;
  return endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions(build));
}

/**
 * A failed request a test provokes on purpose, e.g. `{ status: 401, path: "/api/admin/login" }`
 * for a wrong password. Chromium logs every 4xx and 5xx response as a console error; naming
 * the request at the call site, with the reason beside it, is the only way such an error
 * does not fail the test.
 */
export interface ProvokedError {
  /** The answer's status, or "failed" for a request the test made fail (route.abort). */
  status: number | "failed";
  /** The path, or a pattern for a built file's hashed name. */
  path: string | RegExp;
}

/** Not provoked by any one test: the app asks who is signed in, and a signed-out visitor gets 401 (docs/product.md section 7). */
const SIGNED_OUT: ProvokedError = { status: 401, path: "/api/auth/me" };

const isProvoked = (text: string, url: string, provoked: ProvokedError[]) =>
  provoked.some(
    (p) =>
      text.includes(p.status === "failed" ? "net::ERR_FAILED" : `status of ${p.status}`) &&
      URL.canParse(url) &&
      (typeof p.path === "string" ? new URL(url).pathname === p.path : p.path.test(new URL(url).pathname)),
  );

/**
 * A page in a fresh context. Every console error and uncaught exception on it fails the
 * running test (docs/runtime.md section 6: an unexpected console error fails a test), except the failed
 * requests named in `provoked`; the context is closed when the test ends.
 */
/**
 * `serviceWorkers`: the built app registers its service worker (docs/decisions/030); a page it
 * controls sends its requests through it, which Playwright's request routing cannot see, so
 * tests leave it out unless they are about it (e2e/alerts.test.ts, e2e/installable-app.test.ts).
 * `touch`: a phone's touch screen (coarse pointer): what only touch shows, e.g. the photo picker's "Take a photo".
 */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; provoked?: ProvokedError[]; serviceWorkers?: "allow" | "block"; touch?: boolean } = {},
) {
  const context: BrowserContext = await browser.newContext({
    viewport: options.viewport ?? PHONE,
    ...(options.touch && { hasTouch: true, isMobile: true }),
    locale: "en-AU",
    timezoneId: "Australia/Sydney",
    serviceWorkers: options.serviceWorkers ?? "block",
  });
  const page: Page = await context.newPage();
  const provoked = [SIGNED_OUT, ...(options.provoked ?? [])];
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error" || isProvoked(msg.text(), msg.location().url, provoked)) return;
    // The URL says which request failed; Chromium's text alone does not.
    errors.push(`${msg.text()} ${msg.location().url}`.trim());
  });
  page.on("pageerror", (err) => errors.push(`uncaught: ${err.message}`));
  onTestFinished(async () => {
    await context.close();
    expect(errors, "console errors and uncaught exceptions in the browser").toEqual([]);
  });
  untilLiveAfterLoads(page);
  return { context, page };
}

/**
 * A landing page arrives as HTML rendered at build time (server/web/static.ts) and is live
 * once the app has taken it over, which removes #root's data-prerendered marker: until then a
 * click does nothing. A dashboard or a job page may arrive with a first screen the server
 * rendered (docs/decisions/092-first-screen-from-the-server.md), live once the app has handed it
 * over. After goto and reload, a test waits for that, as a person waits for a page to respond;
 * the journeys before the app are e2e/slow-phone-*.test.ts.
 */
function untilLiveAfterLoads(page: Page) {
  const live = () => page.waitForFunction(() => !document.querySelector("#root[data-prerendered], #first-screen"));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

/**
 * The app's scripts held back, as on a weak signal, so every tap is the server's page's until
 * `release` (docs/decisions/036, 100). The page must then be opened with the frame's own goto
 * (`page.mainFrame().goto(url, { waitUntil: "commit" })`): the page's goto waits for the app.
 */
export async function holdTheApp(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** A download's content: saved to a local file first, as a browser the run shares lives in another process. */
export async function downloadedText(download: Download): Promise<string> {
  return (await downloadedBytes(download)).toString("utf8");
}

/** A download's bytes (a PDF: read its text with server/test/pdf-text.ts). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `e2e-download-${process.pid}-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  try {
    return await fs.promises.readFile(file);
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}
