// An owner's team in Chromium (docs/decisions/010): on a desktop the Team Management dialog adds
// and removes a member, the account menu logs out, and a team member has no Team Management.
// The account journeys: e2e/auth.test.ts. Screenshots go to /tmp/shots/ with E2E_SHOTS=1.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../shared/schema";
import { DEMO_PASSWORD } from "../server/setup/demo-data";
import { DESKTOP, PHONE, openPage } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { shotsOf } from "./support/look";
import { logInWithForm } from "./support/session";

const env = useServerAndBrowser();
const shot = shotsOf("auth");
const stamp = Date.now().toString(36);

describe("an owner's team in the browser", () => {
  it("when an owner opens Team Management on a desktop, then they can add and remove a member who signs in as a team member", async () => {
    const { page } = await openPage(env.browser, { viewport: DESKTOP });
    await logInWithForm(page, env.server.url, "dave", DEMO_PASSWORD);
    await page.getByRole("button", { name: "Team Management" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Tom Baker").waitFor(); // the demo team member
    await dialog.getByLabel("First name").fill("Nina");
    await dialog.getByLabel("Last name").fill("Spark");
    await dialog.getByLabel("Email").fill(`nina.${stamp}@example.com`);
    await dialog.getByLabel("Mobile").fill("0433 222 111");
    await dialog.getByLabel("Username").fill(`nina_${stamp}`);
    await dialog.getByLabel("Password").fill("nina-pass-1");
    await dialog.getByRole("button", { name: "Add Member" }).click();
    await dialog.getByText("Nina Spark").waitFor();
    await shot(page, "team-dialog");
    // Her mobile is on record, so no lead of hers is ever sold to the team (docs/decisions/073).
    const [nina] = await env.server.db
      .select()
      .from(users)
      .where(eq(users.username, `nina_${stamp}`));
    expect(nina!.phone).toBe("0433 222 111");

    await dialog.getByRole("button", { name: "Remove Nina Spark" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await page.getByText("Team member removed", { exact: true }).first().waitFor();
    await expect(dialog.getByText("Nina Spark").count()).resolves.toBe(0);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    // Nested Radix dialogs must not leave the page unclickable.
    await expect(page.evaluate(() => document.body.style.pointerEvents)).resolves.not.toBe("none");

    // The user menu: name, role label, Logout.
    await page.getByRole("button", { name: /Account menu for Dave Wilson/ }).click();
    await page.getByRole("menu").getByText("Service Provider").waitFor();
    await shot(page, "user-menu");
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.getByText("Logged out successfully", { exact: true }).first().waitFor();

    // A team member has no Team Management.
    await logInWithForm(page, env.server.url, "tom", DEMO_PASSWORD);
    await page.getByText("Signed in as").waitFor();
    await expect(page.getByRole("button", { name: "Team Management" }).count()).resolves.toBe(0);
  });
});

// docs/decisions/087-lead-spend-private-from-the-team.md: the owner's switch, off in the demo.
describe("lead spend kept from the team on a phone", () => {
  it("when the switch is off, then Tom has no Insights tab and the switch reads off; turned on, he has it", async () => {
    const { page: tom } = await openPage(env.browser, { viewport: PHONE });
    await logInWithForm(tom, env.server.url, "tom", DEMO_PASSWORD);
    await tom.getByText("Signed in as").waitFor();
    await tom.getByRole("tab", { name: /^Purchase History/ }).waitFor();
    await expect(tom.getByRole("tab", { name: /^Insights/ }).count()).resolves.toBe(0);
    await tom.screenshot({ path: "/tmp/087-tom-390.png" });

    const { page: dave } = await openPage(env.browser, { viewport: PHONE });
    await logInWithForm(dave, env.server.url, "dave", DEMO_PASSWORD);
    await dave.getByRole("button", { name: "Open menu" }).click();
    await dave.getByRole("dialog").getByRole("button", { name: "Team Management" }).click();
    const dialog = dave.getByRole("dialog", { name: "Team Management" });
    const toggle = dialog.getByRole("switch", { name: "Team members see lead spend, tax invoices and Insights" });
    await expect(toggle.isChecked()).resolves.toBe(false);
    await expect(dialog.getByTestId("team-sees-lead-spend-says").textContent()).resolves.toMatch(/^Off: .*does not see what you paid for leads/);
    await dave.screenshot({ path: "/tmp/087-switch-off-390.png" });

    await toggle.click();
    await expect.poll(() => dialog.getByTestId("team-sees-lead-spend-says").textContent()).toMatch(/^On: /);
    await expect(toggle.isChecked()).resolves.toBe(true);
    await dave.screenshot({ path: "/tmp/087-switch-on-390.png" });

    await tom.reload();
    await tom.getByRole("tab", { name: /^Insights/ }).waitFor();
    await toggle.click(); // back to the demo's default
    await expect.poll(() => toggle.isChecked()).toBe(false);
  });
});
