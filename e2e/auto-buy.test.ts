// Auto-buy in the browser (docs/decisions/065-auto-buy-screens.md): at 390 px Dave makes a
// standing order in demo mode with its 30-day preview showing, a lead falls to the order's
// maximum a few seconds later, the engine buys it, and the pipeline, Purchase History and the
// CSV say "Auto-bought". Then the orders tab with many orders and long suburb names at 390 and
// 1280 px: nothing sideways, axe clean.
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AUTO_BUY_TIE_BREAK_TEXT } from "../shared/auto-buy";
import { auctionPriceAt } from "../shared/pricing";
import { autoBuyOrders, leadPurchases, suburbs, users } from "../shared/schema";
import { createLead } from "../server/db/factories";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { structuralViolations } from "./support/axe";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { csvRowsOf } from "../server/test/csv-rows";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();

/** Seconds after the order is saved at which the new lead's price reaches its maximum. */
const FALLS_IN_S = 6;

async function autoBuyTab(page: Page) {
  await page.getByRole("tab", { name: /^Auto-buy/ }).click();
  await page.getByTestId("auto-buy-tab").waitFor();
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("auto-buy in the browser", () => {
  it("when Dave saves an order at 390 px and a lead falls to its price, then the engine buys it and the pipeline says Auto-bought", async () => {
    const { page, context } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(context, env.server.url, "dave");
    await page.goto(env.server.url + "/dashboard");
    await autoBuyTab(page);
    // The demo's order, and the rule for who goes first, in words.
    await expect.poll(() => page.getByTestId("auto-buy-order").count()).toBe(1);
    expect(await page.getByTestId("auto-buy-tie-break").textContent()).toContain(AUTO_BUY_TIE_BREAK_TEXT);

    await page.getByRole("button", { name: "New order" }).click();
    const sheet = page.getByTestId("auto-buy-dialog");
    await sheet.waitFor();
    await sheet.getByLabel("Around a suburb").check();
    await sheet.getByRole("combobox", { name: "Suburb" }).fill("Hobart");
    await page.getByRole("option", { name: /^Hobart TAS 7000/ }).click();
    await sheet.getByLabel("Within (km)").fill("10");
    await sheet.getByLabel("Inspection").check();
    await sheet.getByLabel("Most per lead").fill("30");
    await sheet.getByLabel("Leads a day, at most").fill("2");
    await sheet.getByLabel("Spend a week, at most").fill("100");
    // The money fields open the decimal keyboard; every target is a thumb's.
    expect(await sheet.getByLabel("Most per lead").getAttribute("inputmode")).toBe("decimal");
    for (const target of await sheet.locator("form button, form label:has(input)").all())
      if (await target.isVisible()) expect((await target.boundingBox())!.height, await target.innerText()).toBeGreaterThanOrEqual(44);
    await expect
      .poll(() => sheet.getByTestId("auto-buy-preview").textContent())
      .toMatch(/^In the last 30 days this order would have bought (no leads|\d+ leads?, \$[\d.,]+ on average)\.$/);
    expect(await sheet.getByTestId("auto-buy-demo").textContent()).toBe("Demo mode: no card is charged");
    expect(await structuralViolations(page)).toEqual([]);
    await lookAt(page, { path: "/tmp/shots/auto-buy-sheet-390.png" });

    // A refusal shows under its field, in the shared words.
    await sheet.getByLabel("Most per lead").fill("0");
    await sheet.getByRole("button", { name: "Save order" }).click();
    await sheet.getByText("Enter the most you will pay for one lead").waitFor();
    await sheet.getByLabel("Most per lead").fill("30");
    await sheet.getByRole("button", { name: "Save order" }).click();
    await sheet.waitFor({ state: "detached" });
    const card = page.getByTestId("auto-buy-order").filter({ hasText: "Up to $30.00 a lead" });
    await card.waitFor();
    expect(await card.getByTestId("auto-buy-area").textContent()).toBe("Within 10 km of Hobart TAS 7000");
    expect(await card.getByTestId("auto-buy-status").textContent()).toBe("Active");
    expect(await card.getByTestId("auto-buy-caps").textContent()).toContain("Today: 0 of 2 leads");

    // A lead in Hobart whose falling price reaches $30 a few seconds from now (40.00 falls to 30.00 after 15 minutes).
    const [hobart] = await env.server.db
      .select()
      .from(suburbs)
      .where(and(eq(suburbs.name, "Hobart"), eq(suburbs.postcode, "7000")));
    const startedAt = new Date(Date.now() - (15 * 60 - FALLS_IN_S) * 1000);
    const lead = await createLead(env.server.db, {
      customerName: "Ingrid Inspection",
      serviceLocation: "Hobart TAS 7000",
      customerAddress: "3 Macquarie St, Hobart TAS 7000",
      suburb: "Hobart",
      state: "TAS",
      postcode: "7000",
      suburbId: hobart!.id,
      latitude: hobart!.latitude,
      longitude: hobart!.longitude,
      serviceType: "inspection",
      propertyType: "residential",
      urgency: "within_week",
      startingPrice: "40.00",
      auctionStartedAt: startedAt,
      createdAt: startedAt,
    });

    // The engine buys it once the price reaches the maximum, at the price of that moment.
    let sale: typeof leadPurchases.$inferSelect | undefined;
    await expect
      .poll(
        async () => {
          [sale] = await env.server.db.select().from(leadPurchases).where(eq(leadPurchases.leadId, lead.id));
          return sale?.autoBuyOrderId ?? null;
        },
        { timeout: 30_000, interval: 250 },
      )
      .not.toBeNull();
    const [dave] = await env.server.db.select().from(users).where(eq(users.username, "dave"));
    expect(sale!.buyerId).toBe(dave!.id);
    expect(Number(sale!.amountPaid)).toBeLessThanOrEqual(30);
    expect(sale!.purchasedAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime() + (15 * 60 - 1) * 1000);
    expect(auctionPriceAt("40.00", startedAt, sale!.purchasedAt).price).toBe(sale!.amountPaid);

    // The order's spend moves; the pipeline shows the job as auto-bought.
    await expect.poll(() => card.getByTestId("auto-buy-caps").textContent(), { timeout: 20_000 }).toContain("Today: 1 of 2 leads");
    await page.getByRole("tab", { name: /^Purchased/ }).click();
    const bought = page.getByTestId("stage-card").filter({ hasText: "Ingrid Inspection" });
    await bought.waitFor();
    expect(await bought.getByTestId("card-auto-bought").textContent()).toContain("Auto-bought");
    await bought.scrollIntoViewIfNeeded();
    await lookAt(page, { path: "/tmp/shots/auto-buy-pipeline-390.png" });

    await page.getByRole("tab", { name: /^Purchase History/ }).click();
    const row = page.getByTestId("history-entry").filter({ hasText: "Ingrid Inspection" });
    expect(await row.getByTestId("history-auto-bought").textContent()).toBe("Auto-bought");
    const manual = page.getByTestId("history-entry").filter({ hasText: "Greg Thompson" });
    expect(await manual.getByTestId("history-auto-bought").count()).toBe(0);

    const csv = csvRowsOf(await (await context.request.get(`${env.server.url}/api/my-purchased-leads/export.csv`)).text());
    expect(csv.find((r) => r["Customer Name"] === "Ingrid Inspection")?.["Auto-bought"]).toBe("yes");
    expect(csv.find((r) => r["Customer Name"] === "Greg Thompson")?.["Auto-bought"]).toBe("no");
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    expect(await structuralViolations(page)).toEqual([]);
  });

  it.each([
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const)(
    "when an owner keeps many orders with long suburb names, then the tab at %s px reads without sideways scroll and axe is clean",
    async (width, viewport) => {
      const { page, context } = await openPage(env.browser, { viewport });
      await signInContext(context, env.server.url, "priya");
      const longest = await env.server.db
        .select()
        .from(suburbs)
        .where(isNotNull(suburbs.latitude))
        .orderBy(desc(sql`length(${suburbs.name})`))
        .limit(3);
      const api = (method: "post" | "patch", path: string, data: object) =>
        context.request[method](`${env.server.url}${path}`, { data, headers: { Origin: env.server.url } });
      const [priya] = await env.server.db.select().from(users).where(eq(users.username, "priya"));
      const count = (
        await env.server.db
          .select()
          .from(autoBuyOrders)
          .where(and(eq(autoBuyOrders.ownerId, priya!.id), isNull(autoBuyOrders.deletedAt)))
      ).length;
      for (let i = count; i < 12; i++) {
        const res = await api("post", "/api/auto-buy-orders", {
          suburbId: longest[i % 3]!.id,
          radiusKm: 5 + i * 40,
          serviceTypes: i % 2 ? ["installation", "repair", "maintenance", "inspection", "upgrade", "emergency"] : ["repair"],
          propertyTypes: i % 3 ? [] : ["residential", "commercial", "industrial", "apartment", "office", "retail"],
          urgencies: i % 2 ? ["emergency", "within_24h", "within_week", "flexible", "urgent", "within_month"] : [],
          minLeadScore: i * 9,
          verifiedMobileOnly: i % 2 === 0,
          maxPrice: `${1 + i * 31}.95`,
          maxPerDay: 1 + i * 8,
          maxPerWeek: "99999.99",
        });
        expect(res.status(), await res.text()).toBe(201);
        const { id } = (await res.json()) as { id: number };
        if (i % 4 === 1) expect((await api("patch", `/api/auto-buy-orders/${id}`, { status: "paused" })).status()).toBe(200);
        if (i % 4 === 2)
          expect((await api("patch", `/api/auto-buy-orders/${id}`, { pausedUntil: new Date(Date.now() + 3 * 86_400_000).toISOString() })).status()).toBe(200);
      }
      await page.goto(env.server.url + "/dashboard");
      await autoBuyTab(page);
      await expect.poll(() => page.getByTestId("auto-buy-order").count()).toBe(12);
      expect(await page.getByTestId("auto-buy-status").allTextContents()).toEqual(
        expect.arrayContaining(["Active", "Paused", expect.stringMatching(/^Paused until \d+ \w+ \d{4}, \d+:\d\d [ap]m$/)]),
      );
      expect(await noSideways(page)).toBeLessThanOrEqual(0);
      expect(await structuralViolations(page)).toEqual([]);
      await lookAt(page, { path: `/tmp/shots/auto-buy-tab-${width}.png` });
      await lookAt(page.getByTestId("auto-buy-order").first(), { path: `/tmp/shots/auto-buy-card-${width}.png` });

      // Pause until, from the card: the date in Sydney time, then Resume.
      const first = page
        .getByTestId("auto-buy-order")
        .filter({ has: page.getByText("Active", { exact: true }) })
        .first();
      const id = await first.getAttribute("data-order-id");
      const order = page.locator(`[data-order-id="${id}"]`);
      await order.getByRole("button", { name: "Pause until…" }).click();
      await page.getByLabel("Start buying again on").fill("2031-06-02T06:00");
      await page.getByRole("button", { name: "Pause", exact: true }).click();
      // Chromium's en-AU writes the month a little longer than Node's ("June", "Jun").
      await expect.poll(() => order.getByTestId("auto-buy-status").textContent()).toMatch(/^Paused until 2 June? 2031, 6:00 am$/);
      await order.getByRole("button", { name: "Resume" }).click();
      await expect.poll(() => order.getByTestId("auto-buy-status").textContent()).toBe("Active");
      // Delete asks first.
      await order.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete order" }).click();
      await order.waitFor({ state: "detached" });
    },
  );
});
