// Tap targets at 390 px (docs/decisions/079-no-surprises-in-the-pipeline.md): the header's menu,
// the footer's links, "Forgot your password?", the backup reminder's dismiss and a lead card's
// "More details" are each at least 44 px tall (and the icon buttons as wide).
import { describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";

const env = useServerAndBrowser();
const MIN = 44;

async function size(target: Locator) {
  await target.waitFor();
  const box = await target.boundingBox();
  return { height: Math.round(box!.height), width: Math.round(box!.width) };
}

describe("tap targets on a phone", () => {
  it("when a signed-out visitor opens the home page and sign-in, then the menu, the footer's links and 'Forgot your password?' are 44 px or more", async () => {
    const { page } = await openPage(env.browser, { viewport: PHONE });
    await page.goto(env.server.url + "/");
    const menu = await size(page.getByRole("button", { name: "Open menu" }));
    expect(Math.min(menu.height, menu.width)).toBeGreaterThanOrEqual(MIN);
    const footerLinks = page.getByRole("contentinfo").getByRole("link");
    const count = await footerLinks.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i++) {
      const link = footerLinks.nth(i);
      expect((await size(link)).height, (await link.textContent()) ?? "").toBeGreaterThanOrEqual(MIN);
    }
    await page.goto(env.server.url + "/login");
    expect((await size(page.getByRole("link", { name: "Forgot your password?" }))).height).toBeGreaterThanOrEqual(MIN);
  });

  it("when Dave opens his dashboard, then the backup reminder's dismiss and a lead card's 'More details' are 44 px or more", async () => {
    const { page, context } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(context, env.server.url, "dave");
    await page.goto(env.server.url + "/dashboard");
    const dismiss = await size(page.getByRole("button", { name: "Dismiss the backup reminder" }));
    expect(Math.min(dismiss.height, dismiss.width)).toBeGreaterThanOrEqual(MIN);
    expect((await size(page.getByTestId("lead-card").first().getByRole("button", { name: "More details" }))).height).toBeGreaterThanOrEqual(MIN);
  });
});
