// The dashboard's layout with long real-world data at 390 px and 1366 px (docs/decisions/038):
// the service-area button shows the whole place on a phone, the backup reminder sits in the page
// and never over a dialog, and the Purchase History lists newest first with its figures on a
// phone's screen. That the page does not jump as leads arrive: e2e/dashboard-layout-shift.test.ts.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE } from "./support/browser";
import { useLayoutOwner, WIDE } from "./support/long-data";
import { lookAt } from "./support/look";

const { env, signedIn, newestFirst } = useLayoutOwner();

const onScreen = async (page: Page, selector: ReturnType<Page["locator"]>, viewport: { width: number }) => {
  const box = (await selector.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= viewport.width;
};

describe("the service-area button on a phone", () => {
  it("when a provider with a service area opens the dashboard at 390 px, then the button shows the whole place and radius", async () => {
    const page = await signedIn(PHONE);
    await page.goto(env.server.url + "/dashboard");
    const area = page.getByRole("button", { name: "Parramatta NSW 2150 · 30 km" });
    await area.waitFor();
    // Not cut to "📍 P": every character of the label is drawn, inside the screen.
    const cut = await area.evaluate((button) => [...button.querySelectorAll("span")].some((s) => s.scrollWidth > s.clientWidth));
    expect(cut, "the area label is cut").toBe(false);
    expect(await onScreen(page, area, PHONE)).toBe(true);
    await lookAt(page, { path: "/tmp/shots/layout-area-390.png" });
  });
});

describe("the backup reminder", () => {
  it.each([PHONE, WIDE])("when it is due at $width px, then it sits above the pipeline tabs and never covers a dialog's button", async (viewport) => {
    const page = await signedIn(viewport);
    await page.goto(env.server.url + "/dashboard");
    await page.evaluate(() => localStorage.removeItem("backupReminderShownAt"));
    await page.reload();
    const reminder = page.getByText("Back up your leads", { exact: true });
    await reminder.waitFor();
    const shownAt = Date.now();
    // In the page above the tabs, not a floating notice.
    const tabs = (await page.getByRole("tablist", { name: "Pipeline" }).boundingBox())!;
    const box = (await reminder.boundingBox())!;
    expect(box.y + box.height, "the reminder is above the tabs").toBeLessThanOrEqual(tabs.y);
    expect(
      await page
        .getByRole("region", { name: /Notifications/ })
        .getByText("Back up your leads")
        .count(),
    ).toBe(0);

    // The purchase dialog's Buy button and the service area's Save take their own taps, once
    // 1.5 s have passed since the dashboard showed its data: the old floating reminder came 1 s after.
    const hits = async (button: ReturnType<Page["locator"]>) => {
      await page.waitForTimeout(Math.max(0, shownAt + 1500 - Date.now()));
      const b = (await button.boundingBox())!;
      return button.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)), [b.x + b.width / 2, b.y + b.height / 2]);
    };
    await page
      .getByTestId("lead-card")
      .first()
      .getByRole("button", { name: /^(Purchase|Claim FREE)$/ })
      .click();
    const buy = page.getByRole("dialog").locator("[data-primary]");
    await buy.waitFor();
    expect(await hits(buy), "something covers the Buy button").toBe(true);
    await lookAt(page, { path: `/tmp/shots/layout-reminder-purchase-${viewport.width}.png` });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    if (viewport === PHONE) {
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Manage Service Area" }).click();
    } else {
      await page.getByRole("button", { name: /Parramatta NSW 2150/ }).click();
    }
    const save = page.getByRole("button", { name: "Save Service Area" });
    await save.waitFor();
    expect(await hits(save), "something covers Save").toBe(true);
  });
});

describe("the Purchase History", () => {
  it.each([PHONE, WIDE])(
    "when it opens at $width px, then it lists newest purchase first with each amount, edit button and the total on screen",
    async (viewport) => {
      const page = await signedIn(viewport);
      await page.goto(env.server.url + "/dashboard");
      await page.getByRole("tab", { name: /^Purchase History\b/ }).click();
      const rows = page.getByTestId("history-entry");
      await rows.first().waitFor();
      const refs = await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-job-reference")));
      expect(refs).toEqual(newestFirst());
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(sideways, "the page scrolls sideways").toBe(0);
      for (const row of await rows.all()) {
        expect(await onScreen(page, row.getByTestId("history-amount"), viewport), "an amount off-screen").toBe(true);
        expect(await onScreen(page, row.getByRole("button", { name: /^Edit / }), viewport), "an edit button off-screen").toBe(true);
      }
      expect(await onScreen(page, page.getByTestId("history-total"), viewport), "the total off-screen").toBe(true);
      await lookAt(page, { path: `/tmp/shots/layout-history-${viewport.width}.png`, fullPage: true });
    },
  );
});
