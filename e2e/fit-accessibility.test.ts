// axe-core over every dashboard and admin tab with long real-world data (docs/decisions/032;
// the data: e2e/support/long-data.ts), and the provider sign-up page's headings.
import { describe, expect, it } from "vitest";
import { structuralViolations } from "./support/axe";
import { openPage } from "./support/browser";
import { ADMIN_TABS, closeNotices, DASHBOARD_TABS, openTab, useLongData, WIDE } from "./support/long-data";

const { env, signedIn, adminLogin } = useLongData();

describe("accessibility of the dashboard and admin tabs", () => {
  it("when every dashboard tab is scanned with axe-core, then there is no serious violation, and headings, landmarks and lists are valid", async () => {
    const page = await signedIn(WIDE);
    await page.goto(env.server.url + "/dashboard");
    await page.getByTestId("lead-card").first().waitFor();
    await closeNotices(page);
    for (const tab of DASHBOARD_TABS) {
      await openTab(page, tab);
      expect(await structuralViolations(page), `dashboard tab ${tab}`).toEqual([]);
    }
  });

  it("when every admin tab is scanned with axe-core, then there is no serious violation and each has its main landmark", async () => {
    const { page } = await openPage(env.browser, { viewport: WIDE });
    await adminLogin(page);
    for (const tab of ADMIN_TABS) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tab", { name: tab, selected: true }).waitFor();
      await page.getByRole("main").waitFor();
      await page.waitForFunction(() => !document.querySelector("main [role=status][aria-label^=Loading]"));
      expect(await structuralViolations(page), `admin tab ${tab}`).toEqual([]);
    }
  });

  it("when /provider-signup is scanned, then headings are in order", async () => {
    const { page } = await openPage(env.browser, { viewport: WIDE });
    await page.goto(env.server.url + "/provider-signup");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await structuralViolations(page)).toEqual([]);
  });
});
