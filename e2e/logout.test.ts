// Signing out while the pipeline polls (client/src/lib/auth.ts, useLogout): a job awaiting its
// customer asks for the pipeline every 5 s (docs/decisions/054), and an ask sent after the server
// had ended the session, before the page had dropped its answers, got a 401.
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../server/setup/demo-data";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { logInWithForm } from "./support/session";

const env = useServerAndBrowser();
/** Longer than the pipeline's poll (AWAITS_CUSTOMER_REFRESH_MS, 5 s). */
const SLOW_ANSWER_MS = 6_000;

describe("signing out", () => {
  it("when the logout's answer is slow and a job awaits its customer, then the pipeline asks nothing meanwhile, and nothing gets a 401", async () => {
    const { page } = await openPage(env.browser, { viewport: DESKTOP });
    const asks: number[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/my-purchased-leads") asks.push(Date.now());
    });
    await logInWithForm(page, env.server.url, "dave", DEMO_PASSWORD);
    // Dave's demo pipeline has a job awaiting its customer: it polls.
    await expect.poll(() => asks.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

    // The server ends the session at once; the page hears of it only after a poll's interval.
    await page.route("**/api/auth/logout", async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
      await route.fulfill({ response });
    });
    await page.getByRole("button", { name: /Account menu for Dave Wilson/ }).click();
    const before = asks.length;
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.getByText("Logged out successfully", { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(asks.length).toBe(before);
  });

  it("when a provider signs out while the sign-in's notice still shows, then only the sign-out's notice is left", async () => {
    const { page } = await openPage(env.browser, { viewport: PHONE });
    await logInWithForm(page, env.server.url, "priya", DEMO_PASSWORD);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByText("Logged out successfully", { exact: true }).first().waitFor();
    await expect(page.getByText("Login successful", { exact: true }).count()).resolves.toBe(0);
  });
});
