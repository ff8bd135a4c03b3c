// Every public page at phone and desktop width without a console error, and axe-core over the
// four a visitor lands on (the pages' own journeys: e2e/public-pages.test.ts; docs/decisions/071).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { seriousViolations } from "./support/axe";
import { useServerAndBrowser } from "./support/harness";
import { lookAt, shotsWanted } from "./support/look";

const env = useServerAndBrowser();

describe("accessibility", () => {
  it.each(["/", "/get-quote", "/for-providers", "/provider-signup"])(
    "when %s is scanned with axe-core, then there are no serious or critical violations",
    async (path) => {
      const { page } = await openPage(env.browser);
      await page.goto(env.server.url + path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      if (path === "/get-quote") {
        // The error state too.
        await page.getByRole("button", { name: "Next" }).click();
        await page.getByText("Service location is required").waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      }
    },
  );
});

describe("every public page (screenshots under /tmp/shots with E2E_SHOTS=1)", () => {
  it("when every public page is opened at 390 px and 1280 px, then each renders its heading without console errors", async () => {
    fs.mkdirSync("/tmp/shots", { recursive: true });
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const { page, context } = await openPage(env.browser, { viewport });
      for (const path of [
        "/",
        "/get-quote?serviceLocation=Parramatta",
        "/quote-success?ref=AE-12345E",
        "/for-providers",
        "/privacy-policy",
        "/terms-conditions",
      ]) {
        await page.goto(env.server.url + path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        // A moment for a late console error to show (and, for a screenshot, for the page to settle).
        await page.waitForTimeout(300);
        if (!shotsWanted) continue;
        const file = path.replace(/\?.*/, "").replace(/\//g, "_") || "_";
        const base = `/tmp/shots/${name}${file === "_" ? "_home" : file}`;
        await lookAt(page, { path: `${base}.png`, fullPage: true });
        // Also in screen-sized slices, easier to look at than one very tall image.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const slice = viewport.height * 1.5;
        for (let y = 0, i = 0; y < height; y += slice, i++) {
          await lookAt(page, { path: `${base}-${i}.png`, fullPage: true, clip: { x: 0, y, width: viewport.width, height: Math.min(slice, height - y) } });
        }
      }
      await context.close();
    }
  });
});
