// The operator admin's journey in Chromium: the operator logs in at /admin, reads the figures and the
// chart, deactivates a provider, approves a callback (the invitation opens a prefilled
// sign-up), settles a bad-lead report the provider then sees on their card, issues a
// discount code, and logs out to an empty login form. Each tab's screen and its failures:
// e2e/admin-screens.test.ts. Screenshots go to /tmp/shots/admin-* with E2E_SHOTS=1.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { leadPurchases, leads, users } from "../shared/schema";
import { DEMO_PASSWORD } from "../server/db/demo-data";
import { createLead } from "../server/db/factories";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { fillLicence } from "./support/licence";
import { logInAsOperator, signInContext } from "./support/session";
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
  it("when the operator runs the marketplace from /admin, then figures, providers, callbacks, reports, codes and logout all work", async () => {
    const stamp = Date.now().toString(36);
    // A prospective electrician asks for a callback (the public form's call).
    const callback = await fetch(env.server.url + "/api/provider-callbacks", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        firstName: "Jack",
        lastName: "Volt",
        mobile: "0412 777 888",
        email: `jack.${stamp}@example.com`,
        businessName: "Volt Electrical",
        serviceArea: "Parramatta NSW",
      }),
    });
    expect(callback.status).toBe(201);

    // Dave reports his newest purchase as a bad lead from its card, on his phone.
    const dave = await openPage(env.browser, { viewport: PHONE });
    await signInContext(dave.context, env.server.url, "dave");
    const purchases = (await (await dave.context.request.get(env.server.url + "/api/my-purchased-leads")).json()) as Array<{
      id: number;
      amountPaid: string;
      lead: { customerName: string };
    }>;
    const reported = purchases.find((p) => p.lead.customerName === "Greg Thompson")!;
    await dave.page.goto(env.server.url + "/dashboard");
    await dave.page.getByRole("tab", { name: /^Purchased/ }).click();
    const gregCard = dave.page.getByTestId("stage-card").filter({ hasText: "Greg Thompson" });
    await gregCard.getByRole("button", { name: "Report bad lead" }).click();
    const reportDialog = dave.page.getByRole("dialog", { name: "Report bad lead" });
    await reportDialog.getByRole("button", { name: "Send report" }).click();
    await reportDialog.getByText("Choose a reason").waitFor();
    await reportDialog.getByLabel("Other").check();
    await reportDialog.getByRole("button", { name: "Send report" }).click();
    await reportDialog.getByText("Please tell us what was wrong with this lead").waitFor();
    await reportDialog.getByLabel("Wrong number").check();
    await reportDialog.getByLabel("Details (optional)").fill("Number rings out");
    await shot(dave.page, "report-dialog");
    await reportDialog.getByRole("button", { name: "Send report" }).click();
    await gregCard.getByText("Report pending").waitFor();

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

    // Callbacks: contacted, then approved; the invitation link opens a prefilled sign-up.
    await page.getByRole("tab", { name: "Callbacks" }).click();
    const jack = page.getByTestId("callback-card").filter({ hasText: `jack.${stamp}@example.com` });
    await jack.getByRole("button", { name: "Mark contacted Jack Volt" }).click();
    await jack.getByText("Contacted", { exact: true }).waitFor();
    await jack.getByRole("button", { name: "Approve Jack Volt" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
    const link = page.getByLabel("Invitation link");
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/signup\?invitation=[\w-]{43}$/);
    await shot(page, "invitation");
    await page.getByRole("button", { name: "Done" }).click();
    await jack.getByText("Approved", { exact: true }).waitFor();
    await shot(page, "callbacks");

    const invited = await openPage(env.browser, { viewport: PHONE });
    await invited.page.goto(url);
    await invited.page.getByText("You're invited!").waitFor();
    await expect(invited.page.getByLabel("First name").inputValue()).resolves.toBe("Jack");
    await expect(invited.page.getByLabel("Email").inputValue()).resolves.toBe(`jack.${stamp}@example.com`);
    await expect(invited.page.getByLabel("Company name").inputValue()).resolves.toBe("Volt Electrical");
    await shot(invited.page, "invited-signup");
    // The invited electrician finishes with their licence and may buy at once (docs/decisions/033).
    await invited.page.getByLabel("Username").fill(`jack_${stamp}`);
    await invited.page.getByLabel("Password").fill("volt-pass-1");
    await fillLicence(invited.page, { state: "QLD", number: "12345" });
    await invited.page.getByRole("button", { name: "Create Account" }).click();
    await invited.page.waitForURL(env.server.url + "/dashboard");
    await invited.page.getByText("Signed in as").waitFor();
    const [jackUser] = await env.server.db
      .select()
      .from(users)
      .where(eq(users.username, `jack_${stamp}`));
    expect(jackUser).toMatchObject({ verificationStatus: "approved", licenceState: "QLD", licenseNumber: "12345" });
    const standing = await invited.page.evaluate(() => fetch("/api/auth/verification").then((r) => r.json()));
    expect(standing).toMatchObject({ status: "approved", cannotBuy: null });
    await invited.context.close();

    // Reports: approve Dave's report with a note.
    await page.getByRole("tab", { name: "Reports" }).click();
    const reportCard = page.getByTestId("report-card").filter({ hasText: "Greg Thompson" });
    await reportCard.getByText("Wrong number").waitFor();
    await shot(page, "reports");
    await reportCard.getByLabel("Note to the electrician").fill("Number disconnected, refunded");
    await reportCard.getByRole("button", { name: /^Approve and refund/ }).click();
    await page.getByText("Report approved", { exact: true }).waitFor();
    const [refunded] = await env.server.db.select().from(leadPurchases).where(eq(leadPurchases.id, reported.id));
    expect(refunded).toMatchObject({ paymentStatus: "refunded", refundAmount: reported.amountPaid });

    // Dave sees the outcome on his card.
    await dave.page.goto(env.server.url + "/dashboard");
    await dave.page.getByRole("tab", { name: /^Purchased/ }).click();
    await dave.page.getByTestId("stage-card").filter({ hasText: "Greg Thompson" }).getByText(`Report approved: refunded $${reported.amountPaid}`).waitFor();
    await shot(dave.page, "provider-card-refunded");
    await dave.context.close();

    // Discount codes: create one and see it listed with its uses.
    await page.getByRole("tab", { name: "Discount codes" }).click();
    await page.getByLabel("Code", { exact: true }).fill(`E2E${stamp}`.toUpperCase());
    await page.getByLabel("Percent off (0-100)").fill("15");
    await page.getByLabel("Maximum uses (optional)").fill("3");
    await page.getByRole("button", { name: "Create code" }).click();
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
    // The longest journey here (finishing the invited sign-up with a licence, docs/decisions/033): past the 60 s default on a busy machine.
  }, 120_000);
});
