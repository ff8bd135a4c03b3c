// A signed-in electrician on a slow phone: the dashboard's first leads come in the page's HTML,
// and the first lead's Purchase opens its confirmation with the price before the app has
// loaded; the app then goes on with that very purchase (docs/decisions/092-first-screen-from-the-server.md;
// the profile and the figures: e2e/support/slow-phone.ts). Two visits: the first with nothing
// cached, the second with the scripts cached, as on a phone that has opened the app before.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pageClock, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { env, figures, slowPhone } = useSlowPhone("The signed-in dashboard", "e2e/slow-phone-dashboard.test.ts");

/**
 * Taps the first lead's Purchase the moment it shows (the server's card while its first screen is
 * up: it comes first in the page), and reads the confirmation that opens: the server's, or, when
 * the app had already taken over (a cached visit can be that quick), the app's dialog.
 */
async function tapFirstPurchase(page: Page) {
  const card = page.getByTestId("lead-card").first();
  const purchase = card.getByRole("button", { name: /^(Purchase|Claim FREE)$/ });
  await purchase.waitFor({ state: "visible" });
  const tapAt = (await pageClock(page)).now;
  const jobReference = await card.locator("time").locator("..").textContent();
  await purchase.click();
  await page.waitForFunction(() => !!document.querySelector("[popover]:popover-open [data-testid=first-screen-price], [role=dialog] [data-primary]"));
  const opened = await pageClock(page);
  // Read at once: the app may replace it a moment later.
  const popover = await page.evaluate(() => {
    const open = document.querySelector("[popover]:popover-open");
    return open && { price: open.querySelector("[data-testid=first-screen-price]")?.textContent ?? null, title: open.querySelector("h2")?.textContent ?? null };
  });
  return { tapAt, opened, popover, jobReference };
}

describe("on a slow phone, an electrician's dashboard", SLOW_JOURNEY, () => {
  it("when a signed-in provider opens /dashboard and taps the first Purchase at once, then its confirmation shows the price before the app loads, and the app goes on with that purchase; again with the scripts cached", async () => {
    const { context, page, open, raceOver } = await slowPhone();
    const { signInContext } = await import("./support/session");
    await signInContext(context, env.server.url, "dave");

    for (const visit of ["first visit", "scripts cached"] as const) {
      await open("/dashboard");
      const { tapAt, opened, popover, jobReference } = await tapFirstPurchase(page);
      if (visit === "first visit") {
        // Opened by the page itself with its price, before the app handed over.
        expect(popover, "the server's confirmation opened").not.toBeNull();
        expect(opened.firstScreenGoneAt, "the app had not yet handed over").toBeNull();
      }
      if (popover) expect(popover.price).toMatch(/^(\$\d+\.\d\d|FREE)$/);
      // The app's own purchase dialog, for the same lead, once it is ready.
      const buy = page.getByRole("dialog").locator("[data-primary]");
      await buy.waitFor({ state: "visible" });
      const app = await pageClock(page);
      expect(app.firstScreenGoneAt, "the app handed over").not.toBeNull();
      const reference = /AE-[0-9A-F]+/.exec(jobReference ?? "")?.[0];
      expect(reference).toBeDefined();
      if (popover) expect(popover.title).toContain(reference);
      expect(await page.getByRole("dialog").textContent()).toContain(reference);
      const openedAt = opened.openedAt ?? opened.now;
      figures.push({
        page: `/dashboard (signed in), ${visit}: Purchase, then the app's checkout`,
        firstPaint: opened.firstPaint,
        tapAt,
        liveAt: app.firstScreenGoneAt,
        doneAt: openedAt,
      });
      console.log(`${visit}: confirmation with the price at ${(openedAt / 1000).toFixed(1)} s, the app's checkout at ${(app.now / 1000).toFixed(1)} s`);
      await page.keyboard.press("Escape");
    }
    await raceOver();
  });
});
