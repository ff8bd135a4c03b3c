// The quote wizard's steps, for journeys that pass through them (client/src/features/quote/QuotePage.tsx).
import type { Page } from "playwright-core";

const STEPS_AFTER_THE_FIRST = ["Step 2 of 4: Property & Budget Details", "Step 3 of 4: Scheduling & Urgency", "Step 4 of 4: Your Information"];

/**
 * From the first step to "Your Information", each step seen before the next tap: the wizard
 * validates a step before it moves on, and a tap that comes during that check moves it from the
 * same step again, so taps sent faster than the steps show did not all count on a busy machine
 * (as a double tap on a phone should not skip a step).
 */
export async function nextToYourInformation(page: Page) {
  let current = "Step 1 of 4: Electrical Work Details";
  for (const step of STEPS_AFTER_THE_FIRST) {
    for (let tap = 1; ; tap++) {
      await page.getByRole("button", { name: "Next" }).click();
      try {
        await page.getByText(step).waitFor({ timeout: 10_000 });
        break;
      } catch (err) {
        // A tap lost on a busy machine leaves the wizard where it was: tap again, from there only.
        if (tap === 3 || !(await page.getByText(current).isVisible())) throw err;
      }
    }
    current = step;
  }
}

/**
 * On the mobile-code step the request has been sent: "Skip for now" goes to the success page. The
 * wizard puts each new step at the top of the page a moment after it shows (SCROLL_DELAY_MS in
 * QuotePage.tsx); a tap sent before that jump can land where the button was, not where it is, and
 * on a busy machine the success page never came. So the tap waits for the page to be at its top.
 */
export async function skipTheCode(page: Page) {
  const skip = page.getByRole("button", { name: "Skip for now" });
  await skip.waitFor();
  await page.waitForFunction(() => window.scrollY === 0);
  await skip.click();
}
