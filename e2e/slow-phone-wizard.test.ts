// A customer on a slow phone in the quote wizard, typing and tapping Next the moment it shows
// (docs/decisions/036; the server answers it: docs/decisions/100-the-wizards-next-before-the-app.md;
// the profile and the figures: e2e/support/slow-phone.ts).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAppNotYetLive, expectNothingTypedInUrls, pageClock, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { slowPhone, figures } = useSlowPhone("Quote wizard", "e2e/slow-phone-wizard.test.ts");

/**
 * The server's step 2 is still up: the app has not taken its place. Its step shows while the rest
 * of its HTML is still arriving over the slow link, and #root comes after the step: read once the
 * page is parsed, or a look too soon finds no #root at all.
 */
async function expectNoAppYet(page: Page) {
  await page.waitForFunction(() => document.readyState !== "loading");
  await expect(page.locator("#root[hidden]").count(), "the app must not have taken step 2 over yet").resolves.toBe(1);
}

describe("on a slow phone, the quote wizard before the app has taken over", SLOW_JOURNEY, () => {
  it("when a customer describes the job and taps Next the moment the wizard shows, then step 2 shows and going back finds the answers kept", async () => {
    const { page, urls, posts, open, raceOver } = await slowPhone();
    await open("/get-quote");
    const location = page.getByLabel("Service location");
    const work = page.getByLabel("Describe the electrical work");
    await location.fill("Parramatta NSW 2150");
    await work.fill("Replace the old switchboard and add two power points.");
    await expectAppNotYetLive(page);
    const entries = await page.evaluate(() => history.length);
    const tap = await pageClock(page);
    const next = page.getByRole("button", { name: "Next" });
    // The tap shows at once that it was taken (the server answers it: docs/decisions/100-the-wizards-next-before-the-app.md),
    // and more taps while step 2 is on its way send nothing more. Tapped in the page, in one go:
    // it is left as soon as the server's answer comes, so a look from outside could miss it.
    const busy = await page.evaluate(() => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Next")!;
      button.click();
      const shown = button.getAttribute("aria-busy");
      button.click();
      button.click();
      return shown;
    });
    expect(busy).toBe("true");
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    // Done when step 2 is seen, on the clock of the page the tap was made on.
    const seen = await pageClock(page);
    figures.push({ page: "/get-quote", firstPaint: tap.firstPaint, tapAt: tap.now, liveAt: null, doneAt: seen.origin + seen.now - tap.origin });
    await raceOver();
    // Step 1's form itself went to the server, once.
    expect(posts).toEqual(["/get-quote"]);
    expect(new URL(page.url()).search).toBe("");
    await expect(page.evaluate(() => history.length)).resolves.toBe(entries + 1);
    await expect(next.getAttribute("aria-busy")).resolves.toBeNull();

    // Step 2 is the server's until the app takes its place: a choice and a Next made on it before
    // then are the app's once it has (docs/decisions/092-first-screen-from-the-server.md).
    await expectNoAppYet(page);
    await page.getByLabel("Commercial").check();
    await next.click();
    await page.getByText("Step 3 of 4: Scheduling & Urgency").waitFor();
    await expect(page.locator("#first-screen").count()).resolves.toBe(0);
    await expect(page.evaluate(() => history.length)).resolves.toBe(entries + 2);
    await page.goBack();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await expect(page.getByLabel("Commercial").isChecked()).resolves.toBe(true);

    await page.goBack();
    await page.getByText("Step 1 of 4: Electrical Work Details").waitFor();
    await expect(work.inputValue()).resolves.toBe("Replace the old switchboard and add two power points.");
    await expect(location.inputValue()).resolves.toBe("Parramatta NSW 2150");
    expectNothingTypedInUrls(urls, ["switchboard", "electricalWork="]);
  });
});
