// Every auth screen at a phone's and a desktop's width, with its field errors (docs/decisions/010;
// the journeys through them: e2e/auth.test.ts). Screenshots go to /tmp/shots/ with E2E_SHOTS=1.
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../server/setup/demo-data";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { shotsOf } from "./support/look";
import { logInWithForm } from "./support/session";

const env = useServerAndBrowser();

const shot = shotsOf("auth");

describe("the auth screens", () => {
  it("when each auth screen is opened on a phone and a desktop, then it renders cleanly (screenshots with E2E_SHOTS=1)", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await openPage(env.browser, { viewport });
      for (const [name, path, text] of [
        ["login", "/login", "Electrician Sign In"],
        ["signup", "/signup", "Create Your Account"],
        ["provider-signup", "/provider-signup", "Licensed Electrician"],
        ["forgot", "/auth/forgot-password", "Send Reset Instructions"],
        ["reset-no-token", "/auth/reset-password", "Invalid or missing reset token"],
        ["access-required", "/dashboard", "Provider Access Required"],
      ] as const) {
        await page.goto(env.server.url + path);
        await page.getByText(text).first().waitFor();
        await shot(page, name);
      }
      expect(await page.title()).toBe("Provider Access Required | Aussie Electricians");
      await page.goto(env.server.url + "/provider-signup");
      await page.getByText("Licensed Electrician").waitFor();
      expect(await page.title()).toMatch(/^Electrician Sign Up/);

      // Field errors under the fields.
      await page.goto(env.server.url + "/signup");
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText("First name is required").waitFor();
      await shot(page, "signup-errors");
      await page.goto(env.server.url + "/auth/reset-password?token=abc");
      await page.getByLabel("New Password", { exact: true }).fill("abcdef");
      await page.getByLabel("Confirm New Password").fill("abcdeg");
      await page.getByRole("button", { name: "Update Password" }).click();
      await page.getByText("Passwords don't match").waitFor();
      await shot(page, "reset-mismatch");

      await page.goto(env.server.url + "/auth/forgot-password");
      await page.getByLabel("Email").fill("nobody@example.com");
      await page.getByRole("button", { name: "Send Reset Instructions" }).click();
      await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
      await page.getByText("If an account exists for nobody@example.com, we've sent password reset instructions to it.").waitFor();
      await shot(page, "forgot-sent");

      await logInWithForm(page, env.server.url, "superadmin", DEMO_PASSWORD);
      await page.getByText("Signed in as").waitFor();
      await shot(page, "dashboard-super-admin");
      await context.close();
    }
  });
});
