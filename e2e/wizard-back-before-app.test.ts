// The wizard's Back on the step 2 the server drew (docs/decisions/100-the-wizards-next-before-the-app.md):
// before the app has taken the page over, it is the browser's Back, and step 1 comes back with
// what was typed (server/platform/http/early-input.ts).
import { expect, it } from "vitest";
import { holdTheApp, openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";

const env = useServerAndBrowser();

it("when a customer taps Back on the server's step 2 before the app has loaded, then step 1 shows again with what they typed", async () => {
  const { page } = await openPage(env.browser, { viewport: PHONE });
  // The app's scripts wait, as on a weak signal: every tap here is the server's page's.
  const { release } = await holdTheApp(page);
  try {
    await page.mainFrame().goto(env.server.url + "/get-quote", { waitUntil: "commit" });
    await page.getByLabel("Service location").fill("Parramatta NSW 2150");
    await page.getByLabel("Describe the electrical work").fill("Two new power points in the garage.");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await expect(page.locator("#first-screen").count()).resolves.toBe(1);

    // Tapped twice in one go, as an impatient thumb does: one step back, not out of the wizard.
    await page.evaluate(() => {
      const back = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Back")!;
      back.click();
      back.click();
    });
    await page.getByText("Step 1 of 4: Electrical Work Details").waitFor();
    expect(new URL(page.url()).pathname).toBe("/get-quote");
    await expect(page.getByLabel("Service location").inputValue()).resolves.toBe("Parramatta NSW 2150");
    await expect(page.getByLabel("Describe the electrical work").inputValue()).resolves.toBe("Two new power points in the garage.");
  } finally {
    release();
  }
});
