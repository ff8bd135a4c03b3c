// The operator admin's journey in Chromium: the operator logs in at /admin, reads the figures and the
// chart, deactivates a provider, pages through all leads, issues a discount code, and logs out to
// an empty login form. The operator's answers to a callback and a bad-lead report:
// e2e/admin-approvals.test.ts; each tab's screen and its failures: e2e/admin-screens.test.ts.
// Screenshots go to /tmp/shots/admin-* with E2E_SHOTS=1.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { leadPurchases, leads, users } from "../shared/schema";
import { DEMO_PASSWORD } from "../server/setup/demo-data";
import { createLead } from "../server/setup/factories";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { logInAsOperator } from "./support/session";
import { shotsOf } from "./support/look";

const ADMIN = { username: "operator", password: "op-secret-1" };
const env = useServerAndBrowser({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
const shot = shotsOf("admin");

const adminLogin = (page: Page) => logInAsOperator(page, env.server.url, ADMIN);

async function counted() {
  const db = env.server.db;
  const [providers] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.userType, "provider"));
  const [sales] = await db
    .select({ n: sql<number>`count(*)::int`, revenue: sql<string>`coalesce(sum(${leadPurchases.amountPaid}), 0)::text` })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(isNull(leadPurchases.releasedAt), eq(leadPurchases.paymentStatus, "completed"), sql`${leads.source} <> 'provider_manual'`));
  // As the screen shows money: "$1,234.56" (en-AU, thousands separated).
  const revenue = Number(sales!.revenue).toLocaleString("en-AU", { style: "currency", currency: "AUD" });
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.userType, "provider"), eq(users.isActive, true), eq(users.verificationStatus, "approved")));
  return { providers: providers!.n, activeProviders: active!.n, purchases: sales!.n, revenue };
}

describe("the operator admin dashboard", () => {
  it("when the operator runs the marketplace from /admin, then figures, providers, leads, codes and logout all work", async () => {
    const stamp = Date.now().toString(36);
    // A wrong password first: the 'Login Failed' toast (its 401 is provoked).
    const { page } = await openPage(env.browser, { viewport: PHONE, provoked: [{ status: 401, path: "/api/admin/login" }] });
    await page.goto(env.server.url + "/admin");
    await page.getByRole("button", { name: "Login" }).waitFor();
    await shot(page, "login");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Username is required").waitFor();
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Login Failed", { exact: true }).waitFor();
    await page.getByText("Invalid username or password", { exact: true }).waitFor();

    await adminLogin(page);
    await page.getByText("Welcome!", { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toMatch(/^[\w-]{43}$/);

    // Overview: the tiles equal the database; the chart has drawn its bars.
    const figures = await counted();
    const tile = (label: string) => page.locator("section[aria-label=Totals] > div").filter({ hasText: label });
    await expect(tile("Total Providers").textContent()).resolves.toContain(String(figures.providers));
    await expect(tile("Total Purchases").textContent()).resolves.toContain(String(figures.purchases));
    await expect(tile("Total Revenue").textContent()).resolves.toContain(figures.revenue);
    await page.getByText("Lead Analytics").waitFor();
    await page.getByText("Sales Pipeline").waitFor();
    // Fit and figures (docs/decisions/032): every stage is listed and they add up to Total Purchases; Active Providers says
    // what it counts (approved, active accounts: decision 037) and counts exactly those.
    const stageFigures = (await page.getByTestId("sales-pipeline").locator("dd").allTextContents()).map(Number);
    expect(stageFigures.slice(0, -1).reduce((a, b) => a + b, 0)).toBe(figures.purchases);
    expect(stageFigures.at(-1)).toBe(figures.purchases);
    await expect(tile("Active Providers").getAttribute("title")).resolves.toMatch(/approved/i);
    await expect(tile("Active Providers").textContent()).resolves.toContain(String(figures.activeProviders));
    await page
      .getByText(/^\d+\.\d%$/)
      .first()
      .waitFor(); // conversion rate, 1 decimal
    await page.getByTestId("revenue-chart").locator(".recharts-bar-rectangle").first().waitFor();
    // The auction's health: the demo's past sales by region, the busiest first, its weeks in rows
    // (the price tape's first count runs on the worker's first pass).
    const health = page.getByTestId("auction-health");
    await expect.poll(() => health.locator("tbody tr").count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const regions = await page.getByLabel("Region").locator("option").allTextContents();
    expect(regions.length).toBeGreaterThan(1);
    const soldIn = (label: string) => Number(/\((\d+) sold\)$/.exec(label)![1]);
    expect(soldIn(regions[0]!)).toBeGreaterThanOrEqual(soldIn(regions[1]!));
    const weekSold = (await health.locator("tbody tr td:nth-of-type(1)").allTextContents()).map(Number);
    expect(weekSold.reduce((a, b) => a + b, 0)).toBe(soldIn(regions[0]!));
    await page.getByLabel("Region").selectOption({ index: 1 });
    await expect.poll(async () => (await health.locator("caption").textContent())?.split(":")[0]).toBe(regions[1]!.replace(/ \(\d+ sold\)$/, ""));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, "overview");

    // Providers: deactivate Priya; she is signed out and cannot sign in.
    await page.getByRole("tab", { name: "Providers" }).click();
    await page.getByRole("heading", { name: "Provider Management" }).waitFor();
    const priya = page.getByTestId("provider-card").filter({ hasText: "Priya Sharma" });
    await expect(priya.textContent()).resolves.toContain("Active");
    await priya.getByRole("button", { name: "Deactivate Priya Sharma" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
    await priya.getByText("Inactive", { exact: true }).waitFor();
    await shot(page, "providers");
    const priyaLogin = await fetch(env.server.url + "/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "priya", password: DEMO_PASSWORD }),
    });
    expect(priyaLogin.status).toBe(403);

    // All leads.
    await page.getByRole("tab", { name: "All Leads" }).click();
    await page.getByRole("heading", { name: "All Leads Management" }).waitFor();
    await page
      .getByText(/^Lead #\d+$/)
      .first()
      .waitFor();
    await page
      .getByText(/^Score: \d+\/10$/)
      .first()
      .waitFor();
    // 20 a page: Next shows the rest. One more lead, archived, makes sure there are more than
    // 20 (archived, it never reaches the market, so nothing else here changes).
    await createLead(env.server.db, { isArchived: true, archivedAt: new Date() });
    const [leadRows] = await env.server.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    const total = leadRows!.n;
    expect(total).toBeGreaterThan(20);
    await page.getByRole("tab", { name: "Providers" }).click();
    await page.getByRole("tab", { name: "All Leads" }).click();
    const pager = page.getByRole("navigation", { name: "Pages" });
    await pager.getByText(`Showing 1–20 of ${total}`).waitFor();
    await expect(page.getByTestId("admin-lead").count()).resolves.toBe(20);
    await expect(pager.getByRole("button", { name: "Previous" }).isDisabled()).resolves.toBe(true);
    await shot(page, "leads");
    await pager.getByRole("button", { name: "Next" }).click();
    await pager.getByText(total === 21 ? "Showing 21 of 21" : `Showing 21–${Math.min(40, total)} of ${total}`).waitFor();
    await expect(page.getByTestId("admin-lead").count()).resolves.toBe(Math.min(20, total - 20));
    // Next waits while page 2 settles (disabled while its page loads); then it says whether a third page exists.
    await expect.poll(() => pager.getByRole("button", { name: "Next" }).isDisabled()).toBe(total <= 40);
    await shot(page, "leads-page-2");
    await pager.getByRole("button", { name: "Previous" }).click();
    await pager.getByText(`Showing 1–20 of ${total}`).waitFor();

    // Discount codes: create one and see it listed with its uses.
    await page.getByRole("tab", { name: "Discount codes" }).click();
    // The form's fields, checked before the submit: a late render of the tab can reset a field just typed.
    await page.getByRole("button", { name: "Create code" }).waitFor();
    const fields: Array<[string, string]> = [
      ["Code", `E2E${stamp}`.toUpperCase()],
      ["Percent off (0-100)", "15"],
      ["Maximum uses (optional)", "3"],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    for (const [label, value] of fields) await expect.poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    await page.getByRole("button", { name: "Create code" }).click();
    await page.getByText("Discount code created", { exact: true }).first().waitFor();
    await page
      .getByTestId("discount-code")
      .filter({ hasText: `E2E${stamp}`.toUpperCase() })
      .getByText("15% off · 0 of 3 uses")
      .waitFor();
    await shot(page, "discounts");

    // Logout: back to the login form with empty fields and no stored token.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByText("Logged Out", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Login" }).waitFor();
    await expect(page.getByLabel("Username").inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Password").inputValue()).resolves.toBe("");
    expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  });
});
