// Account journeys in Chromium (docs/decisions/010): sign up → dashboard, log out, log in, forgot → instant reset
// → new password works. Every auth screen at both widths is in e2e/auth-screens.test.ts, an
// owner's team in e2e/team.test.ts, what a signed-out visitor's pages ask in e2e/signed-out-requests.test.ts,
// a sign-in whose form check cannot load in e2e/sign-in-while-the-app-loads.test.ts.
// Screenshots go to /tmp/shots/ with E2E_SHOTS=1.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { fillLicence } from "./support/licence";
import { shotsOf } from "./support/look";
import { logInWithForm } from "./support/session";

const env = useServerAndBrowser();

const shot = shotsOf("auth");
const stamp = Date.now().toString(36);

async function fillSignup(page: Page, username: string, email: string) {
  await page.getByLabel("First name").fill("Ellie");
  await page.getByLabel("Last name").fill("Watts");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("0412 555 777");
  await page.getByLabel("Company name").fill("Watts Electrical");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("first-pass-1");
  await fillLicence(page);
}

describe("accounts in the browser", () => {
  it("when a new electrician signs up, logs out, logs in and resets a forgotten password, then each step works", async () => {
    // The login with the old password, after the reset, is refused on purpose.
    const { page } = await openPage(env.browser, { viewport: PHONE, provoked: [{ status: 401, path: "/api/auth/login" }] });
    const username = `ellie_${stamp}`;
    const email = `ellie.${stamp}@example.com`;

    // Sign up → success view → dashboard.
    await page.goto(env.server.url + "/signup");
    await fillSignup(page, username, email);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "Account Created!" }).waitFor();
    await shot(page, "signup-success");
    await page.waitForURL(env.server.url + "/dashboard");
    await page.getByText("Signed in as").waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain("Ellie Watts");

    // Log out from the mobile menu.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByText("Service Provider").waitFor();
    await shot(page, "mobile-menu-signed-in");
    // Team Management from the phone menu: the menu closes, the dialog opens.
    await page.getByRole("dialog").getByRole("button", { name: "Team Management" }).click();
    await page.getByRole("dialog").getByText("No team members yet. Add one below.").waitFor();
    await shot(page, "team-dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByText("Logged out successfully", { exact: true }).first().waitFor();
    await page.waitForURL(env.server.url + "/");
    await page.goto(env.server.url + "/dashboard");
    await page.getByRole("heading", { name: "Provider Access Required" }).waitFor();

    // Log in again.
    await logInWithForm(page, env.server.url, username, "first-pass-1");
    await page.getByText("Signed in as").waitFor();

    // Log out, then forget the password and use the instant reset.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(env.server.url + "/");
    await page.goto(env.server.url + "/auth/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Instructions" }).click();
    // The same first screen as for an unknown address (docs/decisions/032); the development block follows it.
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    await page.getByRole("region", { name: "Development reset link" }).waitFor();
    await shot(page, "forgot-instant-reset");
    await page.getByRole("link", { name: "Reset Your Password Now" }).click();
    await page.waitForURL(/\/auth\/reset-password\?token=/);
    await page.getByLabel("New Password", { exact: true }).fill("second-pass-2");
    await page.getByLabel("Confirm New Password").fill("second-pass-2");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByRole("heading", { name: "Password Reset Successful" }).waitFor();
    await page.getByRole("link", { name: "Back to Login" }).waitFor();
    await shot(page, "reset-success");
    await page.waitForURL(env.server.url + "/login", { timeout: 6000 });

    // Sign In with nothing typed: each field says what it needs and the first takes the focus;
    // typing the username takes its message away at once, the password's stays
    // (client/src/lib/checked-form.ts).
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Username is required").waitFor();
    await page.getByText("Password is required").waitFor();
    await expect(page.getByLabel("Username").evaluate((field) => field === document.activeElement)).resolves.toBe(true);
    await page.getByLabel("Username").fill(username);
    await page.getByText("Username is required").waitFor({ state: "detached" });
    await expect(page.getByText("Password is required").isVisible()).resolves.toBe(true);

    // The old password no longer works; the new one does.
    await page.getByLabel("Password").fill("first-pass-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid username or password").waitFor();
    await page.getByLabel("Password").fill("second-pass-2");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(env.server.url + "/dashboard");
  });
});
