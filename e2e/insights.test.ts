// The dashboard's Insights tab in Chromium (docs/decisions/067-insights.md): with long real-world
// data and the region's medians, it fits a 390 px phone and a desktop with no sideways scroll,
// axe finds nothing serious, a figure's link opens exactly its jobs, and the CSV holds the
// figures and the jobs. Screenshots go to /tmp/shots/insights-*.
import fs from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../server/setup/factories";
import { seedJob } from "../server/features/insights/test/insights";
import { DESKTOP, downloadedText, openPage, PHONE } from "./support/browser";
import { structuralViolations } from "./support/axe";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();
const PASSWORD = "long-data-1";
const LONG_SUBURB = "Parramatta North Westmead Heights Industrial Estate";

beforeAll(async () => {
  fs.mkdirSync("/tmp/shots", { recursive: true });
  const db = env.server.db;
  const owner = await createUser(db, {
    username: "insightful",
    password: PASSWORD,
    companyName: "Featherstonehaugh Electrical Contracting Services Pty Ltd",
    serviceLocation: "Parramatta NSW 2150",
  });
  // Bought minutes ago: inside "Last 90 days" whatever the day.
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const lead = { suburb: LONG_SUBURB };
  for (let i = 0; i < 4; i++) {
    await seedJob(db, owner.id, {
      boughtAt: at(i + 1),
      fee: "123456.78",
      contactAfter: 0,
      stage: "invoice_paid",
      lead,
      quote: { subtotal: "99999.00", gst: "9999.90", total: "109998.90", accepted: true },
      invoice: { subtotal: "99999.00", gst: "9999.90", total: "109998.90" },
      payments: [{ on: "invoice", amount: "109998.90" }],
    });
  }
  for (let i = 0; i < 6; i++)
    await seedJob(db, owner.id, { boughtAt: at(10 + i), fee: "48.50", stage: i % 2 ? "declined" : "called", declineReason: "found_someone", lead });
  // Five electricians nearby, and the demo's Dave (Parramatta, his leads bought this week): six peers, so every card has a median beside it.
  for (let p = 0; p < 5; p++) {
    const peer = await createUser(db, { serviceLocation: "Harris Park NSW 2150" });
    await seedJob(db, peer.id, { boughtAt: at(20 + p), fee: `${40 + p}.00`, contactAfter: 30 + p, stage: "quote_sent" });
  }
});

async function openInsights(viewport: { width: number; height: number }): Promise<Page> {
  const { page, context } = await openPage(env.browser, { viewport });
  await signInContext(context, env.server.url, "insightful", PASSWORD);
  await page.goto(`${env.server.url}/dashboard`);
  await page.getByRole("tab", { name: /^Insights/ }).click();
  await page.getByLabel("Period").selectOption("last90");
  await page.getByTestId("insights-peer").waitFor();
  return page;
}

async function expectFitsAndIsClean(page: Page, name: string) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await lookAt(page, { path: `/tmp/shots/insights-${name}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} scrolls sideways`).toBe(0);
  expect(await structuralViolations(page)).toEqual([]);
}

describe("the Insights tab", () => {
  it("when an owner opens it on a phone, then the figures and medians fit, and Paid opens exactly the paid jobs", async () => {
    const page = await openInsights(PHONE);
    const insights = page.getByTestId("insights");
    await expect.poll(() => page.getByTestId("insights-peer").textContent()).toContain("6 other electricians in Sydney - Parramatta");
    expect(await insights.getByRole("list", { name: "Figures" }).getByText("$494,118.12").count()).toBe(1); // 4 × 123,456.78 + 6 × 48.50 = 493,827.12 + 291.00
    await insights.getByTestId("insights-funnel").waitFor();
    await expectFitsAndIsClean(page, "phone");

    await insights.getByRole("button", { name: "Show the 4 jobs behind Paid" }).click();
    await page.getByRole("tab", { name: /^Purchase History/, selected: true }).waitFor();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Showing the 4 jobs behind" }).count()).toBe(1);
    // The history loads with its tab's first opening (docs/decisions/113-the-dashboards-first-load.md).
    await expect.poll(() => page.getByTestId("history-entry").count()).toBe(4);
    await page.getByRole("button", { name: "Show all jobs" }).click();
    await expect.poll(() => page.getByTestId("history-entry").count()).toBe(10);
  });

  it("when an owner opens it on a desktop, then it fits, and the CSV holds the figures, the medians and one row per job", async () => {
    const page = await openInsights(DESKTOP);
    await page.getByTestId("insights-weekly").waitFor();
    await expectFitsAndIsClean(page, "desktop");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    const csv = await downloadedText(download);
    expect(csv).toContain("Median of 6 electricians in Sydney - Parramatta");
    expect(csv).toContain("Lead spend (after discounts and refunds),494118.12,42.50");
    expect(csv.split("\r\n").filter((line) => line.includes(LONG_SUBURB))).toHaveLength(10);
  });
});
