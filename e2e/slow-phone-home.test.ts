// A visitor on a slow phone on the home page, typing a suburb and tapping the moment it shows
// (docs/decisions/036; the profile and the figures: e2e/support/slow-phone.ts).
import { describe, expect, it } from "vitest";
import { expectAppNotYetLive, expectNothingTypedInUrls, pageClock, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { env, figures, slowPhone } = useSlowPhone("Home page", "e2e/slow-phone-home.test.ts");

describe("on a slow phone, the home page before the app has taken over", SLOW_JOURNEY, () => {
  it("when a visitor types a suburb and taps Find Local Electricians the moment the home page shows, then the server opens the wizard with it, before either page's app, and the suburb never rides in a URL", async () => {
    const { page, urls, posts, open } = await slowPhone();
    await open("/");
    await page.getByLabel("Your address or suburb").fill("Bondi NSW 2026");
    await expectAppNotYetLive(page);
    const home = await pageClock(page);
    await page.getByRole("button", { name: "Find Local Electricians" }).click();
    await page.waitForURL(/\/get-quote$/);
    const location = page.getByLabel("Service location");
    await page.waitForFunction(() => (document.getElementById("serviceLocation") as HTMLInputElement | null)?.value === "Bondi NSW 2026");
    const shown = await pageClock(page);
    figures.push({ page: "/", firstPaint: home.firstPaint, tapAt: home.now, liveAt: null, doneAt: shown.origin + shown.now - home.origin });
    expect(shown.liveAt, "the wizard showed it before its app took over").toBeNull();
    expect(posts).toEqual(["/"]);
    // Once the app has the page, the suburb is its field's value, and the cookie that carried it is gone.
    await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
    await expect(location.inputValue()).resolves.toBe("Bondi NSW 2026");
    await expect(page.evaluate(() => document.cookie)).resolves.not.toContain("prefill");
    // The wizard's address field looks up suggestions for what is in it, as when typed; nothing else names it.
    expectNothingTypedInUrls(
      urls.filter((url) => !url.startsWith(`${env.server.url}/api/suburbs?`)),
      ["bondi"],
    );
  });

  it("when a visitor types an address on the home page before the app takes over, then the text is still there afterwards", async () => {
    const { page, open } = await slowPhone();
    await open("/");
    const field = page.getByLabel("Your address or suburb");
    await field.fill("12 Smith St, Parramatta");
    await expectAppNotYetLive(page);
    await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
    await expect(field.inputValue()).resolves.toBe("12 Smith St, Parramatta");
    await expect(page.getByRole("button", { name: "Find Local Electricians" }).isEnabled()).resolves.toBe(true);
  });
});
