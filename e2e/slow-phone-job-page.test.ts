// A customer taps the SMS link on a slow phone: the job's status, the electrician's card and the
// Call button come in the page's HTML, and the app takes the page over without moving it or losing what she typed
// (docs/decisions/092-first-screen-from-the-server.md; the profile and the figures: e2e/support/slow-phone.ts).
import { describe, expect, it } from "vitest";
import { DEMO_JOB_TOKENS } from "../server/setup/demo-data";
import { pageClock, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { figures, slowPhone } = useSlowPhone("The customer's job page", "e2e/slow-phone-job-page.test.ts");

/** The page's layout shifts so far, summed as CLS counts them (none that follow a person's input). */
const LAYOUT_SHIFT = `new Promise((resolve) => {
  let sum = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) sum += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => resolve(sum), 100);
})`;

describe("on a slow phone, the customer's job page", SLOW_JOURNEY, () => {
  it("when the customer opens the link from the SMS, then the status and the electrician's Call button show before the app, and the page does not jump when it takes over", async () => {
    const { page, open, raceOver } = await slowPhone();
    await open(`/job/${DEMO_JOB_TOKENS.sold}`);
    const screen = page.locator("#first-screen");
    const call = screen.getByRole("link", { name: /^Call / });
    await call.waitFor({ state: "visible" });
    const shown = await pageClock(page);
    expect(shown.firstScreenGoneAt, "shown before the app").toBeNull();
    expect(await screen.getByTestId("job-headline").textContent()).toBe("You have a quote");
    expect(await call.getAttribute("href")).toMatch(/^tel:/);
    // She starts signing the quote at once: what she types goes over to the app's field.
    const signature = "Karen Mitchell-O'Brien";
    await screen.getByLabel("Your full name").pressSequentially(signature, { delay: 30 });
    // The app's page in its place, then a second for anything that would still move.
    await page.locator("#first-screen").waitFor({ state: "detached" });
    await page.getByTestId("job-headline").waitFor({ state: "visible" });
    expect(await page.getByLabel("Your full name").inputValue()).toBe(signature);
    const app = await pageClock(page);
    await page.waitForTimeout(1000);
    const shift = (await page.evaluate(LAYOUT_SHIFT)) as number;
    console.log(`Call button at ${(shown.now / 1000).toFixed(1)} s, the app at ${(app.now / 1000).toFixed(1)} s, layout shift ${shift.toFixed(3)}`);
    expect(shift, "layout shift").toBeLessThanOrEqual(0.1);
    figures.push({
      page: `/job/:token (from the SMS): the Call button, then the app (layout shift ${shift.toFixed(2)})`,
      firstPaint: shown.firstPaint,
      tapAt: NaN,
      liveAt: app.firstScreenGoneAt,
      doneAt: shown.now,
    });
    await raceOver();
  });
});
