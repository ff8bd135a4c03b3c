// The dashboard's tab in its address (docs/decisions/082-the-dashboard-tab-in-the-address.md), on
// a phone: a reload keeps the tab, Back goes back a tab, and a made-up tab opens the first one.
import { describe, expect, it } from "vitest";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";

const env = useServerAndBrowser();

describe("the dashboard's tab", () => {
  it("when Dave opens Quoted and reloads, then Quoted is still open; Back goes back to Leads, and a made-up tab opens Leads", async () => {
    const { page, context } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(context, env.server.url, "dave");
    await page.goto(`${env.server.url}/dashboard`);
    const selected = () => page.getByRole("tab", { selected: true }).textContent();
    await expect.poll(selected).toMatch(/^Leads/);

    await page.getByRole("tab", { name: /^Quoted/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?tab=quote_sent");
    await page.reload();
    await expect.poll(selected).toMatch(/^Quoted/);

    await page.getByRole("tab", { name: /^Purchase History/ }).click();
    await expect.poll(selected).toMatch(/^Purchase History/);
    await page.goBack();
    await expect.poll(selected).toMatch(/^Quoted/);
    await page.goBack();
    await expect.poll(selected).toMatch(/^Leads/);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/dashboard");

    await page.goto(`${env.server.url}/dashboard?tab=not-a-tab`);
    await expect.poll(selected).toMatch(/^Leads/);
  });
});
