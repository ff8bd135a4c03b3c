// A customer on a slow phone in the quote wizard, typing and tapping Next the moment it shows
// (docs/decisions/036; the profile and the figures: e2e/support/slow-phone.ts).
import { describe, expect, it } from "vitest";
import { expectAppNotYetLive, expectNothingTypedInUrls, pageClock, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { slowPhone, record } = useSlowPhone("Quote wizard", "e2e/slow-phone-wizard.test.ts");

describe("on a slow phone, the quote wizard before the app has taken over", SLOW_JOURNEY, () => {
  it("when a customer describes the job and taps Next the moment the wizard shows, then step 2 shows and going back finds the answers kept", async () => {
    const { page, urls, open, raceOver } = await slowPhone();
    await open("/get-quote");
    const location = page.getByLabel("Service location");
    const work = page.getByLabel("Describe the electrical work");
    await location.fill("Parramatta NSW 2150");
    await work.fill("Replace the old switchboard and add two power points.");
    await expectAppNotYetLive(page);
    const entries = await page.evaluate(() => history.length);
    const tapAt = (await pageClock(page)).now;
    const next = page.getByRole("button", { name: "Next" });
    await next.click();
    // The held tap shows at once that it was taken; more taps while waiting add nothing.
    await expect(next.getAttribute("aria-busy")).resolves.toBe("true");
    await next.click();
    await next.click();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await record(page, "/get-quote", tapAt);
    await raceOver();
    expect(new URL(page.url()).search).toBe("");
    await expect(page.evaluate(() => history.length)).resolves.toBe(entries + 1);
    await expect(next.getAttribute("aria-busy")).resolves.toBeNull();

    await page.goBack();
    await page.getByText("Step 1 of 4: Electrical Work Details").waitFor();
    await expect(work.inputValue()).resolves.toBe("Replace the old switchboard and add two power points.");
    await expect(location.inputValue()).resolves.toBe("Parramatta NSW 2150");
    expectNothingTypedInUrls(urls, ["switchboard", "electricalWork="]);
  });
});
