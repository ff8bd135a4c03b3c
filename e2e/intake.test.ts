// Lead intake journeys in Chromium (docs/decisions/007): home search, the wizard's steps and
// per-step validation (its submission is in intake-submit.test.ts; the public pages' checks in
// public-pages.test.ts; the address field with a Google Places key in intake-places.test.ts, its
// list's keys and timing in address-suggestions.test.ts).
import { describe, expect, it } from "vitest";
import { holdTheApp, openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";

const env = useServerAndBrowser();

describe("home location search", () => {
  it("when a visitor searches a suburb from the home page, then the wizard opens prefilled with the banner", async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + "/");
    const field = page.getByLabel("Your address or suburb");
    const button = page.getByRole("button", { name: "Find Local Electricians" });
    await expect(button.isDisabled()).resolves.toBe(true);
    await field.fill("   ");
    await expect(button.isDisabled()).resolves.toBe(true);

    // Fallback suggestions (no Places key): orange mode, combobox with keyboard support.
    await expect(page.locator("[data-suggestions]").first().getAttribute("data-suggestions")).resolves.toBe("fallback");
    await field.fill("Bondi");
    await page.getByRole("option", { name: "Bondi NSW 2026" }).waitFor();
    await expect(field.getAttribute("aria-expanded")).resolves.toBe("true");
    await field.press("ArrowDown");
    await expect(field.getAttribute("aria-activedescendant")).resolves.toMatch(/-0$/);
    await field.press("Enter");
    await expect(field.inputValue()).resolves.toBe("Bondi NSW 2026");
    await expect(field.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("home-location");

    await button.click();
    await page.waitForURL(/\/get-quote\?serviceLocation=Bondi/);
    await page.getByText("Service location: Bondi NSW 2026").waitFor();
    await expect(page.getByLabel("Service location").inputValue()).resolves.toBe("Bondi NSW 2026");
  });
});

describe("the quote wizard", () => {
  it("when a customer moves through the steps, then Back and Forward move between them, and a reload or a trip home keeps the answers", async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + "/");
    await page.goto(env.server.url + "/get-quote");
    await page.getByLabel("Service location").fill("Parramatta NSW 2150");
    await page.getByLabel("Describe the electrical work").fill("Two new power points in the garage.");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await page.getByText("$1,000 - $2,500").click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 3 of 4: Scheduling & Urgency").waitFor();

    await page.goBack();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await expect(page.getByLabel("$1,000 - $2,500").isChecked()).resolves.toBe(true);
    await page.goForward();
    await page.getByText("Step 3 of 4: Scheduling & Urgency").waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();

    await page.reload();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await expect(page.getByLabel("$1,000 - $2,500").isChecked()).resolves.toBe(true);
    await page.goBack();
    await page.getByText("Step 1 of 4: Electrical Work Details").waitFor();
    await expect(page.getByLabel("Describe the electrical work").inputValue()).resolves.toBe("Two new power points in the garage.");
    await page.goBack();
    await page.waitForURL(env.server.url + "/");
    await page.goto(env.server.url + "/get-quote");
    await expect(page.getByLabel("Service location").inputValue()).resolves.toBe("Parramatta NSW 2150");
    await expect(page.getByLabel("Describe the electrical work").inputValue()).resolves.toBe("Two new power points in the garage.");
    const kept = await page.evaluate(() => localStorage.getItem("quote-draft"));
    expect(kept).toContain("garage");
  });

  it("when Next is pressed on an empty first step, then the step's messages show and the step stays", async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + "/get-quote");
    await expect(page.getByRole("button", { name: "Back" }).isDisabled()).resolves.toBe(true);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Service location is required").waitFor();
    await page.getByText("Please provide more details about the electrical work needed (minimum 10 characters)").waitFor();
    await expect(page.getByText("Step 1 of 4: Electrical Work Details").isVisible()).resolves.toBe(true);
  });

  it("when Next is pressed on an empty first step before the app has loaded, then the server's step 1 shows the messages, and they stay once the app takes over", async () => {
    // The server's answer to a step it refuses: step 1 again, 422.
    const { page } = await openPage(env.browser, { provoked: [{ status: 422, path: "/get-quote" }] });
    // The app's scripts wait, as on a weak signal, so the tap reaches the server (docs/decisions/100-the-wizards-next-before-the-app.md).
    const { release } = await holdTheApp(page);
    // The frame's own goto: the page's waits for the app, which is held here.
    await page.mainFrame().goto(env.server.url + "/get-quote", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Service location is required").waitFor();
    await expect(page.locator("#first-screen").count()).resolves.toBe(1);
    release();
    await page.locator("#first-screen").waitFor({ state: "detached" });
    await page.getByText("Service location is required").waitFor({ timeout: 5000 });
    await expect(page.getByText("Step 1 of 4: Electrical Work Details").isVisible()).resolves.toBe(true);
  });

  it("when a customer on a phone has scrolled down to Next before the app takes over, then the page stays where they scrolled", async () => {
    const { page } = await openPage(env.browser, { viewport: PHONE });
    // The app's scripts wait, as on a weak signal, while the customer scrolls the server's step 1.
    const { release } = await holdTheApp(page);
    await page.mainFrame().goto(env.server.url + "/get-quote", { waitUntil: "commit" });
    const next = page.getByRole("button", { name: "Next" });
    await next.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled, "Next is below a phone's first screen").toBeGreaterThan(200);
    release();
    await page.waitForFunction(() => !document.querySelector("#root[data-prerendered]"));
    // Past the moment a new step is put at the top (SCROLL_DELAY_MS, 100 ms), with room to spare.
    await page.waitForTimeout(600);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(scrolled);
    const box = (await next.boundingBox())!;
    expect(box.y + box.height, "Next still on screen").toBeLessThanOrEqual(PHONE.height);
  });
});
