// Each tab of the operator's /admin on a desktop, and what it shows when things fail: a throttled
// login, a failed load with Retry, a stored token across a reload and a revoked one (the
// operator's journey: e2e/admin.test.ts). Screenshots go to /tmp/shots/admin-* with E2E_SHOTS=1.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, openPage } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { shotsOf } from "./support/look";
import { logInAsOperator } from "./support/session";

const ADMIN = { username: "operator", password: "op-secret-1" };
const env = useServerAndBrowser({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
const shot = shotsOf("admin");
const adminLogin = (page: Page) => logInAsOperator(page, env.server.url, ADMIN);

describe("the operator admin dashboard's screens", () => {
  it("when each admin tab is opened on a desktop, then it renders cleanly (screenshots with E2E_SHOTS=1)", async () => {
    const provoked = [
      { status: 429, path: "/api/admin/login" }, // the throttled login faked below
      { status: 503, path: "/api/admin/callbacks" }, // the failed load faked below
      // The token revoked below: the dashboard's first calls find it dead.
      { status: 401, path: "/api/admin/analytics" },
      { status: 401, path: "/api/admin/providers" },
      { status: 401, path: "/api/admin/leads" },
      { status: 401, path: "/api/admin/auction-health" },
    ];
    const { page } = await openPage(env.browser, { viewport: DESKTOP, provoked });
    await page.goto(env.server.url + "/admin");
    await page.getByRole("button", { name: "Login" }).waitFor();
    await shot(page, "login");
    // A throttled login shows the server's message, not a wrong-password claim.
    const throttled = "Too many login attempts. Please try again in 15 minutes.";
    await page.route("**/api/admin/login", (route) => route.fulfill({ status: 429, json: { message: throttled } }));
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText(throttled, { exact: true }).waitFor();
    await expect(page.getByText("Invalid username or password").count()).resolves.toBe(0);
    await page.unroute("**/api/admin/login");
    await adminLogin(page);
    await page.getByTestId("revenue-chart").locator(".recharts-bar-rectangle").first().waitFor();
    await shot(page, "overview");
    for (const [tab, name] of [
      ["Providers", "providers"],
      ["All Leads", "leads"],
      ["Callbacks", "callbacks"],
      ["Discount codes", "discounts"],
      ["Reports", "reports"],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      await page.waitForTimeout(300);
      await shot(page, name);
    }
    // A failed load shows an error with Retry, never 'No callback requests'.
    const callbacksCall = /\/api\/admin\/callbacks\?/;
    await page.route(callbacksCall, (route) => route.fulfill({ status: 503, json: { message: "Service Unavailable" } }));
    await page.getByRole("tab", { name: "Callbacks" }).click();
    await page.getByText("Could not load callbacks").waitFor();
    await expect(page.getByText("No callback requests").count()).resolves.toBe(0);
    await shot(page, "callbacks-error");
    await page.unroute(callbacksCall);
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByTestId("callback-card").first().or(page.getByText("No callback requests")).waitFor();
    // A stored token survives a reload; a revoked one brings back the login form.
    await page.reload();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    // Every call of this load answered first: one still on its way when the token is revoked
    // would find it dead on this page, which would then clear it before the reload below.
    await page.waitForLoadState("networkidle");
    const token = await page.evaluate(() => localStorage.getItem("adminToken"));
    await fetch(env.server.url + "/api/admin/logout", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    await page.reload();
    await page.getByRole("button", { name: "Login" }).waitFor();
    await page.getByText("Session expired", { exact: true }).waitFor();
    await page.getByText("Please log in again.", { exact: true }).waitFor();
    await shot(page, "session-expired");
    expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  });
});
