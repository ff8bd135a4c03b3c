// Auto-buy in the browser (docs/decisions/065-auto-buy-screens.md): at 390 px Dave makes a
// standing order in demo mode with its 30-day preview showing, a lead falls to the order's
// maximum a few seconds later, the engine buys it, and the pipeline, Purchase History and the
// CSV say "Auto-bought". The orders tab with many orders and long suburb names:
// e2e/auto-buy-screens.test.ts.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTO_BUY_TIE_BREAK_TEXT } from "../shared/auto-buy";
import { auctionPriceAt } from "../shared/pricing";
import { leadPurchases, suburbs, users } from "../shared/schema";
import { createLead } from "../server/setup/factories";
import { openAutoBuyTab } from "./support/auto-buy";
import { openPage, PHONE, sideways } from "./support/browser";
import { structuralViolations } from "./support/axe";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { csvRowsOf } from "../server/test/csv-rows";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();

/** Seconds after the order is saved at which the new lead's price reaches its maximum. */
const FALLS_IN_S = 6;

describe("auto-buy in the browser", () => {
  it("when Dave saves an order at 390 px and a lead falls to its price, then the engine buys it and the pipeline says Auto-bought", async () => {
    const { page, context } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(context, env.server.url, "dave");
    await page.goto(env.server.url + "/dashboard");
    await openAutoBuyTab(page);
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
    await sheet.getByLabel("Maintenance").check();
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
      customerName: "Ingrid Macquarie",
      serviceLocation: "Hobart TAS 7000",
      customerAddress: "3 Macquarie St, Hobart TAS 7000",
      suburb: "Hobart",
      state: "TAS",
      postcode: "7000",
      suburbId: hobart!.id,
      latitude: hobart!.latitude,
      longitude: hobart!.longitude,
      serviceType: "maintenance",
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
    const bought = page.getByTestId("stage-card").filter({ hasText: "Ingrid Macquarie" });
    await bought.waitFor();
    expect(await bought.getByTestId("card-auto-bought").textContent()).toContain("Auto-bought");
    await bought.scrollIntoViewIfNeeded();
    await lookAt(page, { path: "/tmp/shots/auto-buy-pipeline-390.png" });

    await page.getByRole("tab", { name: /^Purchase History/ }).click();
    const row = page.getByTestId("history-entry").filter({ hasText: "Ingrid Macquarie" });
    expect(await row.getByTestId("history-auto-bought").textContent()).toBe("Auto-bought");
    const manual = page.getByTestId("history-entry").filter({ hasText: "Greg Thompson" });
    expect(await manual.getByTestId("history-auto-bought").count()).toBe(0);

    const csv = csvRowsOf(await (await context.request.get(`${env.server.url}/api/my-purchased-leads/export.csv`)).text());
    expect(csv.find((r) => r["Customer Name"] === "Ingrid Macquarie")?.["Auto-bought"]).toBe("yes");
    expect(csv.find((r) => r["Customer Name"] === "Greg Thompson")?.["Auto-bought"]).toBe("no");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await structuralViolations(page)).toEqual([]);
  });
});
