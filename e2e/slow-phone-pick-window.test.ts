// A customer picks a booking window on a slow phone the moment the page shows (docs/decisions/102-
// booking-windows.md): the first screen the server rendered holds the pick and the tap on Confirm,
// and the app, once it takes over, books that window (docs/decisions/092-first-screen-from-the-
// server.md; the profile: e2e/support/slow-phone.ts).
import { describe, expect, it } from "vitest";
import { DEMO_JOB_TOKENS } from "../server/setup/demo-data";
import { pageClock, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { figures, slowPhone } = useSlowPhone("Picking a booking window", "e2e/slow-phone-pick-window.test.ts");

describe("on a slow phone, the customer's pick of a window", SLOW_JOURNEY, () => {
  it("when the customer picks the second time and taps Confirm before the app has loaded, then that window is booked once the app takes over", async () => {
    const { page, open, posts, raceOver } = await slowPhone();
    await open(`/job/${DEMO_JOB_TOKENS.sold}`);
    const screen = page.locator("#first-screen");
    const choice = screen.getByTestId("pick-window").locator("label").nth(1);
    const second = choice.getByRole("radio");
    await second.waitFor({ state: "visible" });
    const shown = await pageClock(page);
    const words = (await choice.innerText()).trim();
    await second.click();
    await screen.getByRole("button", { name: /Confirm this time/ }).click();
    expect(await page.locator("#first-screen").count(), "the taps came before the app").toBe(1);
    const tapped = await pageClock(page);
    const booked = page.getByText(/^Booked: /);
    await booked.waitFor({ state: "visible" });
    const done = await pageClock(page);
    await raceOver();
    expect(await page.locator("main").innerText()).toContain(`Booked: ${words}`);
    expect(posts.filter((path) => path.endsWith("/booking/pick"))).toHaveLength(1);
    console.log(`Choices at ${(shown.now / 1000).toFixed(1)} s, tapped at ${(tapped.now / 1000).toFixed(1)} s, booked at ${(done.now / 1000).toFixed(1)} s`);
    figures.push({
      page: "/job/:token: a window picked and confirmed before the app",
      firstPaint: shown.firstPaint,
      tapAt: tapped.now,
      liveAt: done.firstScreenGoneAt,
      doneAt: done.now,
    });
  });
});
