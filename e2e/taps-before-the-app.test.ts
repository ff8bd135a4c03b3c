// A tap on the header's Open menu or a card's More details while the page the server drew is up and
// the app is still on its way (a prerendered page, the dashboard's first screen): the early-input
// script holds it, shows the button busy, and the app's same button is tapped once it has taken over
// (server/platform/http/early-input.ts). On a slow phone's first visit the app comes about nine
// seconds after the page shows (docs/benchmarks.md); here the app's scripts are held instead, until the tap.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useServerAndBrowser } from "./support/harness";
import { withScriptsHeld } from "./support/type-through-take-over";

const env = useServerAndBrowser();

/** `path` with the app's scripts held (a slowed phone): returns once the server's page is there (`drawn`). */
async function openBeforeTheApp(path: string, drawn: string, signedInAs?: string) {
  const { page, release } = await withScriptsHeld(env, path, { signedInAs });
  await page.locator(drawn).waitFor({ state: "attached" });
  return { page, release };
}

async function tapMenuBeforeTheApp(page: Page, release: () => void) {
  const menu = page.getByRole("button", { name: "Open menu" });
  await menu.click();
  expect(await menu.getAttribute("aria-busy"), "the held tap shows on its button").toBe("true");
  expect(await page.getByRole("dialog", { name: "Menu" }).count(), "no menu before the app").toBe(0);
  release();
  const sheet = page.getByRole("dialog", { name: "Menu" });
  await sheet.waitFor({ timeout: 15_000 });
  // Behind the open sheet the page is hidden from the accessibility tree: the button by its mark.
  expect(await page.locator('[data-held-tap="menu"]').getAttribute("aria-busy"), "the app's button is no longer busy").toBeNull();
  return sheet;
}

describe("a tap before the app", () => {
  it("when a visitor taps Open menu on the home page at 390 px before the app runs, then the menu opens once it does", async () => {
    const { page, release } = await openBeforeTheApp("/", "#root[data-prerendered]");
    // The history entry carries state, as one the browser brings back does: the script's hand-back
    // reads it too, and once took it for the held button.
    await page.evaluate(() => history.replaceState({ visited: true }, ""));
    const sheet = await tapMenuBeforeTheApp(page, release);
    await sheet.getByRole("link", { name: "Provider Login" }).waitFor();
  });

  it("when a signed-in electrician taps Open menu on the dashboard's first screen at 390 px, then the app's menu opens with their account", async () => {
    const { page, release } = await openBeforeTheApp("/dashboard", "#first-screen", "dave");
    const sheet = await tapMenuBeforeTheApp(page, release);
    await sheet.getByRole("button", { name: "Logout" }).waitFor();
    expect(await page.locator("#first-screen").count(), "the app has taken over").toBe(0);
  });

  it("when an electrician taps a card's More details on the dashboard's first screen at 390 px, then that card opens its details once the app runs", async () => {
    const { page, release } = await openBeforeTheApp("/dashboard", "#first-screen", "dave");
    const card = page.getByTestId("lead-card").first();
    const reference = /AE-[0-9A-F]+/.exec((await card.textContent()) ?? "")?.[0];
    expect(reference).toBeDefined();
    const details = card.getByRole("button", { name: "More details" });
    await details.click();
    expect(await details.getAttribute("aria-busy"), "the held tap shows on its button").toBe("true");
    release();
    await page.locator("#first-screen").waitFor({ state: "detached" });
    const appCard = page.getByTestId("lead-card").filter({ hasText: reference! });
    await appCard.getByRole("button", { name: "Fewer details", expanded: true }).waitFor({ timeout: 15_000 });
  });
});
