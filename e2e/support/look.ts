// Screenshots for a person to look at, not for a test to judge (docs/decisions/070-screenshots-on-request.md):
// taken only with E2E_SHOTS=1 (most go to /tmp/shots). Drawing and encoding whole pages was a
// tenth of the browser files' CPU in every run, for pictures no run looked at.
import type { Page } from "playwright-core";

export const shotsWanted = process.env.E2E_SHOTS === "1";

/** `target.screenshot(options)` when screenshots are wanted; otherwise nothing. */
export async function lookAt<Options>(target: { screenshot(options: Options): Promise<unknown> }, options: Options): Promise<void> {
  if (shotsWanted) await target.screenshot(options);
}

/** A whole page's screenshot, named for its file and screen, and the page's width: /tmp/shots/{file}-{name}-{width}.png. */
export const shotsOf =
  (file: string) =>
  (page: Page, name: string): Promise<void> =>
    lookAt(page, { path: `/tmp/shots/${file}-${name}-${page.viewportSize()!.width}.png`, fullPage: true });
