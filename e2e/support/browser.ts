// Debian's Chromium driven by playwright-core (DEVELOPERS.md "Browser tests").
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
}

/**
 * A page that records console errors and uncaught exceptions, so a test can assert
 * the app ran clean (an unexpected console.error fails the journey).
 */
export async function openPage(browser: Browser, options: { viewport?: { width: number; height: number } } = {}) {
  const context: BrowserContext = await browser.newContext({ viewport: options.viewport ?? PHONE, locale: "en-AU", timezoneId: "Australia/Sydney" });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    // GET /api/auth/me answers 401 to a signed-out visitor by design (SPEC.md section 7);
    // Chromium logs every 4xx resource as an error, so that one expected 401 is not counted.
    if (/status of 401/.test(msg.text()) && msg.location().url.endsWith("/api/auth/me")) return;
    // The URL says which request failed; Chromium's text alone does not.
    errors.push(`${msg.text()} ${msg.location().url}`.trim());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return { context, page, errors };
}
