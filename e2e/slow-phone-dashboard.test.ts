// A signed-in electrician on a slow phone: the dashboard's first leads come in the page's HTML,
// and the first lead's Purchase opens its confirmation with the price before the app has
// loaded; the app then goes on with that very purchase (docs/decisions/092-first-screen-from-the-server.md;
// the profile and the figures: e2e/support/slow-phone.ts). Two visits: the first with nothing
// cached, the second with the scripts cached, as on a phone that has opened the app before.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pageClock, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { env, figures, slowPhone } = useSlowPhone("The signed-in dashboard", "e2e/slow-phone-dashboard.test.ts");

/** Taps the first lead's Purchase the moment it shows, and reads what the confirmation says. */
async function tapFirstPurchase(page: Page) {
  const screen = page.locator("#first-screen");
  const purchase = screen
    .getByTestId("lead-card")
    .first()
    .getByRole("button", { name: /^(Purchase|Claim FREE)$/ });
  await purchase.waitFor({ state: "visible" });
  const tapAt = (await pageClock(page)).now;
  const jobReference = await screen.getByTestId("lead-card").first().locator("time").locator("..").textContent();
  await purchase.click();
  const confirmation = page.locator("[popover]:popover-open");
  await confirmation.getByTestId("first-screen-price").waitFor({ state: "visible" });
  const opened = await pageClock(page);
  return {
    tapAt,
    opened,
    price: await confirmation.getByTestId("first-screen-price").textContent(),
    title: await confirmation.locator("h2").textContent(),
    jobReference,
  };
}

describe("on a slow phone, an electrician's dashboard", SLOW_JOURNEY, () => {
  it("when a signed-in provider opens /dashboard and taps the first Purchase at once, then its confirmation shows the price before the app loads, and the app goes on with that purchase; again with the scripts cached", async () => {
    const { context, page, open, raceOver } = await slowPhone();
    const { signInContext } = await import("./support/session");
    await signInContext(context, env.server.url, "dave");

    for (const visit of ["first visit", "scripts cached"] as const) {
      await open("/dashboard");
      const { tapAt, opened, price, title, jobReference } = await tapFirstPurchase(page);
      // Opened by the page itself, before the app handed over.
      expect(opened.openedAt, "the confirmation opened").not.toBeNull();
      if (visit === "first visit") expect(opened.firstScreenGoneAt, "the app had not yet handed over").toBeNull();
      expect(price).toMatch(/^(\$\d+\.\d\d|FREE)$/);
      // The app's own purchase dialog, for the same lead, once it is ready.
      const buy = page.getByRole("dialog").locator("[data-primary]");
      await buy.waitFor({ state: "visible" });
      const app = await pageClock(page);
      expect(app.firstScreenGoneAt, "the app handed over").not.toBeNull();
      const reference = title!.replace(/^\S+ /, "");
      expect(jobReference).toContain(reference);
      expect(await page.getByRole("dialog").textContent()).toContain(reference);
      figures.push({
        page: `/dashboard (signed in), ${visit}: Purchase, then the app's checkout`,
        firstPaint: opened.firstPaint,
        tapAt,
        liveAt: app.firstScreenGoneAt,
        doneAt: opened.openedAt!,
      });
      console.log(`${visit}: confirmation with the price at ${(opened.openedAt! / 1000).toFixed(1)} s, the app's checkout at ${(app.now / 1000).toFixed(1)} s`);
      await page.keyboard.press("Escape");
    }
    await raceOver();
  });
});
