// /lead-prices in Chromium (docs/decisions/066-price-tape.md): the demo's past sales published by
// the worker's sweep, read at phone and desktop width with long names, filters in the address, axe clean.
import { describe, expect, it } from "vitest";
import { runPriceTape } from "../server/features/market-stats";
import { seriousViolations } from "./support/axe";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();

describe("the price tape's page", () => {
  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`when a visitor opens it on a ${name}, then suburbs with long names fit, suppressed groups say so, and the filters stay in the address`, async () => {
      await runPriceTape({ db: env.server.db, now: () => new Date() }, { publishNow: true });
      const { page } = await openPage(env.browser, { viewport });
      await page.goto(`${env.server.url}/lead-prices?days=90&groupBy=suburb&state=NSW`);
      await page.getByRole("heading", { name: "What electrical leads sell for" }).waitFor();
      await page.getByRole("rowheader", { name: "Sydney International Airport 2020" }).waitFor();
      await expect(page.getByRole("cell", { name: /Fewer than 5 sales/ }).count()).resolves.toBeGreaterThan(0);
      await page.getByTestId("weekly-chart").waitFor();
      // The share nobody bought, in words (docs/decisions/085-an-honest-public-profile.md).
      await page.getByText("Unsold until free", { exact: true }).filter({ visible: true }).first().waitFor();
      await expect(page.getByText("Reached $0 unsold").count()).resolves.toBe(0);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways).toBe(0);
      await lookAt(page, { path: `/tmp/shots/lead-prices-${name}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel("Group by").selectOption("serviceType");
      await page.waitForURL(/groupBy=serviceType/);
      expect(new URL(page.url()).search).toBe("?days=90&groupBy=serviceType&state=NSW");
      await page.getByRole("rowheader", { name: "Repair, NSW" }).waitFor();
    });
  }
});
