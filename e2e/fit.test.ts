// "Fit the phone" in Chromium (docs/decisions/032): with long real-world data
// (e2e/support/long-data.ts) nothing scrolls sideways at 390 px on any dashboard tab or dialog or
// admin tab; the first lead's price and Purchase button show without scrolling; and the super
// admin's header fits one line at 1366 px. Notices: e2e/fit-notices.test.ts. The same screens
// under axe-core: e2e/fit-accessibility.test.ts; at both widths: e2e/fit-screens.test.ts. Screenshots go to /tmp/shots/fit-* with E2E_SHOTS=1.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openPage, PHONE } from "./support/browser";
import { ADMIN_TABS, closeNotices, DASHBOARD_TABS, expectFits, LONG_EMAIL, openTab, useLongData, WIDE } from "./support/long-data";
import { lookAt } from "./support/look";

const { env, signedIn, adminLogin } = useLongData();

async function openFromMenu(page: Page, item: string) {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: item }).click();
  await page.getByRole("dialog").filter({ hasNotText: "Menu" }).first().waitFor();
}

describe("nothing scrolls sideways at 390 px", () => {
  it("when every dashboard tab and dialog opens with long data, then the page is never wider than the phone", async () => {
    const page = await signedIn(PHONE);
    await page.goto(env.server.url + "/dashboard");
    await page.getByTestId("lead-card").first().waitFor();
    await closeNotices(page);
    for (const tab of DASHBOARD_TABS) {
      await openTab(page, tab);
      if (tab !== "Leads" && tab !== "Purchase History") await page.getByTestId("stage-card").first().waitFor();
      await expectFits(page, `tab ${tab}`);
      await lookAt(page, { path: `/tmp/shots/fit-tab-${tab.replace(/ /g, "-")}-390.png`, fullPage: true });
    }
    // Purchase History with a reversed range shows its notice, still inside the phone.
    await openTab(page, "Purchase History");
    await page.getByLabel("Date bought").selectOption("custom");
    await page.getByLabel("From", { exact: true }).fill("2030-12-31");
    await page.getByLabel("To", { exact: true }).fill("2030-01-01");
    await page.getByText(/after the To date/).waitFor();
    await expectFits(page, "Purchase History reversed-range notice");
    await page.getByRole("button", { name: "Clear Filter" }).click();

    // The dialogs: the phone menu itself, Team, Add Lead, Service Area, Business details, Purchase, Edit Job, Report bad lead.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor();
    await expectFits(page, "phone menu");
    await page.keyboard.press("Escape");
    for (const item of ["Team Management", "Add Lead", "Manage Service Area", "Business details"]) {
      await openFromMenu(page, item);
      await expectFits(page, `dialog ${item}`);
      await lookAt(page, { path: `/tmp/shots/fit-dialog-${item.replace(/ /g, "-")}-390.png` });
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }
    await openTab(page, "Leads");
    await page
      .getByTestId("lead-card")
      .first()
      .getByRole("button", { name: /Purchase|Claim/ })
      .click();
    await page.getByRole("dialog").waitFor();
    await expectFits(page, "dialog Purchase");
    await page.keyboard.press("Escape");
    await openTab(page, "Purchased");
    const card = page.getByTestId("stage-card").first();
    await card.getByRole("button", { name: /Edit job details/ }).click();
    await page.getByRole("dialog").waitFor();
    await expectFits(page, "dialog Edit Job Details");
    await lookAt(page, { path: "/tmp/shots/fit-dialog-Edit-Job-390.png" });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await card.getByRole("button", { name: "Report bad lead" }).click();
    await page.getByRole("dialog", { name: "Report bad lead" }).waitFor();
    await expectFits(page, "dialog Report bad lead");
    await lookAt(page, { path: "/tmp/shots/fit-dialog-Report-390.png" });
  });

  it("when a Purchased card shows a long name and e-mail, then the card fits and the e-mail stays whole and selectable", async () => {
    const page = await signedIn(PHONE);
    await page.goto(env.server.url + "/dashboard");
    await openTab(page, "Purchased");
    const card = page.getByTestId("stage-card").first();
    await card.waitFor();
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const email = card.getByRole("link", { name: LONG_EMAIL });
    // The whole address is in the link (not cut to "maxi..."), readable on screen and copyable.
    await expect(email.textContent()).resolves.toContain(LONG_EMAIL);
    await expect(email.evaluate((el) => getComputedStyle(el).userSelect)).resolves.not.toBe("none");
    const emailBox = (await email.boundingBox())!;
    expect(emailBox.x + emailBox.width).toBeLessThanOrEqual(box.x + box.width);
  });

  it("when the admin tabs open at 390 px with long data, then none scrolls sideways", async () => {
    const { page } = await openPage(env.browser, { viewport: PHONE });
    await adminLogin(page);
    for (const tab of ADMIN_TABS) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tab", { name: tab, selected: true }).waitFor();
      await page.getByRole("main").waitFor();
      await expectFits(page, `admin ${tab}`);
    }
  });
});

describe("the phone's first screen", () => {
  it("when a provider opens the dashboard on a phone, then the first lead's price and Purchase button are on screen without scrolling", async () => {
    const page = await signedIn(PHONE);
    await page.goto(env.server.url + "/dashboard");
    const first = page.getByTestId("lead-card").first();
    await first.waitFor();
    await closeNotices(page);
    await lookAt(page, { path: "/tmp/shots/fit-first-lead-390.png" });
    for (const part of [first.getByTestId("live-price"), first.getByRole("button", { name: /^(Purchase|Claim FREE)$/ })]) {
      const box = (await part.boundingBox())!;
      expect(box.y, "top on screen").toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, "bottom on screen").toBeLessThanOrEqual(PHONE.height);
    }
    // Place, budget and urgency each keep to one line.
    for (const label of ["Location", "Budget", "Urgency"]) {
      const fact = first.getByTestId(`fact-${label}`);
      const lines = await fact.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines, `${label} on one line`).toBe(1);
    }
    await lookAt(page, { path: "/tmp/shots/fit-first-lead-390.png" });
  });
});

describe("the super admin's header at 1366 px", () => {
  it("when the super admin opens the dashboard, then every header item sits on one line", async () => {
    const page = await signedIn(WIDE, "superadmin", "demo1234");
    await page.goto(env.server.url + "/dashboard");
    await page.getByTestId("lead-card").first().waitFor();
    // Every piece of text in the header on one line: a text node that wraps has rectangles
    // at two heights. (The user menu stacks name over role on purpose: two text nodes.)
    const wrapped = await page.evaluate(() => {
      const header = document.querySelector("header")!;
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4)));
        if (tops.size > 1) found.push(node.textContent.trim());
      }
      return found;
    });
    expect(wrapped, "header text that wraps").toEqual([]);
    const row = await page.evaluate(() => document.querySelector("header > div")!.getBoundingClientRect().height);
    expect(row).toBeLessThanOrEqual(64);
    await lookAt(page, { path: "/tmp/shots/fit-superadmin-header-1366.png" });
  });
});
