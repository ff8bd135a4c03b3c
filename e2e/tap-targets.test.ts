// Tap targets at 390 px (docs/decisions/079-no-surprises-in-the-pipeline.md): the header's menu,
// the footer's links, "Forgot your password?", the backup reminder's dismiss and a lead card's
// "More details" are each at least 44 px tall (and the icon buttons as wide); so are the
// dashboard's stage tabs, the market's filter chips and a stage card's phone link, "Log contact"
// and "On my way" (docs/decisions/084-undo-a-stage-move.md); so are the dashboard's line of
// notices and the market's Filters button (docs/decisions/091-purchase-in-view.md).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { createPurchase } from "../server/setup/factories";
import { users } from "../shared/schema";

const env = useServerAndBrowser();
const MIN = 44;

async function size(target: Locator) {
  await target.waitFor();
  const box = await target.boundingBox();
  return { height: Math.round(box!.height), width: Math.round(box!.width) };
}

/** Whether a tap 2 px inside the target's top and bottom edges reaches it. */
const tappedAtEdges = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + Math.min(box.width / 2, 20);
    return [box.top + 2, box.bottom - 2].map((y) => el.contains(document.elementFromPoint(x, y)));
  });

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
    // The line of notices (his demo auto-buy's) and the market's Filters button (docs/decisions/091-purchase-in-view.md).
    expect((await size(page.getByTestId("notice-line").locator("summary"))).height).toBeGreaterThanOrEqual(MIN);
    expect((await size(page.getByRole("button", { name: /^Filters/ }))).height).toBeGreaterThanOrEqual(MIN);
  });

  it("when Dave works his pipeline on a phone, then the stage tabs, the filter chips, a card's phone link, 'Log contact' and 'On my way' are 44 px or more", async () => {
    const [dave] = await env.server.db.select().from(users).where(eq(users.username, "dave"));
    const customer = "Tap Targets Customer";
    await createPurchase(env.server.db, dave!.id, { purchase: { buyerName: "Dave Wilson", salesStage: "called" }, lead: { customerName: customer } });
    const { page, context } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(context, env.server.url, "dave");
    await page.goto(env.server.url + "/dashboard");
    await page.getByTestId("lead-card").first().waitFor();
    const tabs = page.getByRole("tab");
    expect(await tabs.count()).toBeGreaterThan(5);
    for (const tab of await tabs.all()) expect((await size(tab)).height, (await tab.textContent()) ?? "").toBeGreaterThanOrEqual(MIN);
    // On a phone the chips wait behind the Filters button (docs/decisions/091-purchase-in-view.md).
    await page.getByRole("button", { name: /^Filters/ }).click();
    const chips = page.getByRole("group", { name: "Filter leads" }).getByRole("button");
    expect(await chips.count()).toBeGreaterThan(3);
    for (const chip of await chips.all()) expect((await size(chip)).height, (await chip.textContent()) ?? "").toBeGreaterThanOrEqual(MIN);

    // The 44 px are a thumb's: a tap 2 px inside the top and the bottom edge lands on the tab or chip, not cut off by its scrolling row.
    for (const target of [page.getByRole("tab", { name: /^Leads/ }), chips.filter({ hasText: "Installation" }), chips.filter({ hasText: "With photos" })]) {
      expect(await tappedAtEdges(target), (await target.textContent()) ?? "").toEqual([true, true]);
    }

    await page.getByRole("tab", { name: /^Called/ }).click();
    const card = page.getByTestId("stage-card").filter({ hasText: customer });
    for (const [name, target] of [
      ["phone link", card.locator('a[href^="tel:"]')],
      ["Log contact", card.getByRole("button", { name: "Log contact" })],
      ["On my way", card.getByRole("button", { name: "On my way" })],
    ] as const) {
      expect((await size(target)).height, name).toBeGreaterThanOrEqual(MIN);
    }
  });
});
