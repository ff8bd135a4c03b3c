// The auto-buy orders tab with many orders and long suburb names, at 390 and 1280 px
// (docs/decisions/065-auto-buy-screens.md): nothing sideways, axe clean, and a card's pause,
// resume and delete; a save that would buy at once asking first at 390 px (docs/decisions/083-
// auto-buy-says-what-it-buys.md). The engine's purchase, end to end: e2e/auto-buy.test.ts.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { autoBuyOrders, leadPurchases, leads, suburbs, users } from "../shared/schema";
import { createLead } from "../server/setup/factories";
import { MARKET_CHOICES } from "../shared/labels";
import { openAutoBuyTab } from "./support/auto-buy";
import { structuralViolations } from "./support/axe";
import { DESKTOP, openPage, PHONE, sideways } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { lookAt } from "./support/look";
import { signInContext } from "./support/session";

const env = useServerAndBrowser();

describe("a save that would buy at once", () => {
  it("when Priya saves an order at 390 px that two leads on sale now fit, then the sheet names them with the total, and Back saves nothing", async () => {
    // Two leads in Darwin, far from every other order, at $20.00 and $10.00 now ($40.00 falling to $0 over an hour).
    const [darwin] = await env.server.db
      .select()
      .from(suburbs)
      .where(and(eq(suburbs.name, "Darwin"), eq(suburbs.state, "NT")));
    const inDarwin = (customerName: string, minutesIn: number) => {
      const at = new Date(Date.now() - minutesIn * 60_000);
      return createLead(env.server.db, {
        customerName,
        suburb: "Darwin",
        state: "NT",
        postcode: darwin!.postcode,
        latitude: darwin!.latitude,
        longitude: darwin!.longitude,
        serviceType: "upgrade",
        startingPrice: "40.00",
        auctionStartedAt: at,
        createdAt: at,
      });
    };
    const two = [await inDarwin("Dan Darwin", 30), await inDarwin("Dora Darwin", 45)];
    const { page, context } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(context, env.server.url, "priya");
    const [priya] = await env.server.db.select().from(users).where(eq(users.username, "priya"));
    const ordersOfPriya = async () =>
      (
        await env.server.db
          .select()
          .from(autoBuyOrders)
          .where(and(eq(autoBuyOrders.ownerId, priya!.id), isNull(autoBuyOrders.deletedAt)))
      ).length;
    const before = await ordersOfPriya();
    await page.goto(env.server.url + "/dashboard");
    await openAutoBuyTab(page);
    await page.getByTestId("auto-buy-business-caps").waitFor();
    await page.getByRole("button", { name: "New order" }).click();
    const sheet = page.getByTestId("auto-buy-dialog");
    // The choices a lead on the market can carry, in the cards' words; the score out of 10 as the cards show it (decision 088).
    const chips = (legend: string) => sheet.getByRole("group", { name: legend }).locator("label").allTextContents();
    expect(await chips("Service types (none ticked: any)")).toEqual(MARKET_CHOICES.serviceType.map((c) => c.label));
    expect(await chips("Property types (none ticked: any)")).toEqual(MARKET_CHOICES.propertyType.map((c) => c.label));
    expect(await chips("Urgencies (none ticked: any)")).toEqual(MARKET_CHOICES.urgency.map((c) => c.label));
    const score = sheet.getByLabel("Lowest lead score, out of 10");
    expect(await sheet.getByTestId("score-scale").textContent()).toBe("/10");
    const [field, scale] = [(await score.boundingBox())!, (await sheet.getByTestId("score-scale").boundingBox())!];
    expect(scale.x + scale.width).toBeLessThanOrEqual(field.x + field.width);
    expect(scale.x).toBeGreaterThan(field.x);
    await lookAt(sheet, { path: "/tmp/shots/auto-buy-order-form-390.png" });
    await sheet.getByLabel("Around a suburb").check();
    await sheet.getByRole("combobox", { name: "Suburb" }).fill("Darwin");
    await page.getByRole("option", { name: new RegExp(`^Darwin NT ${darwin!.postcode}`) }).click();
    await sheet.getByLabel("Within (km)").fill("10");
    await sheet.getByLabel("Upgrade").check();
    await sheet.getByLabel("Most per lead").fill("25");
    await sheet.getByLabel("Leads a day, at most").fill("5");
    await sheet.getByLabel("Spend a week, at most").fill("500");
    await sheet.getByRole("button", { name: "Save order" }).click();

    const confirm = sheet.getByTestId("auto-buy-buys-now");
    await confirm.waitFor();
    const said = (await confirm.textContent()) ?? "";
    // The prices are the server's of this moment: the 45-minute lead near $10.00, the 30-minute one near $20.00.
    expect(said).toMatch(/^Saving buys 2 leads now for \$\d+\.\d\d in all:/);
    expect((said.match(/Upgrade in Darwin/g) ?? []).length).toBe(2);
    expect(await sheet.getByRole("button", { name: "Save and buy 2 now" }).isVisible()).toBe(true);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    for (const button of await confirm.getByRole("button").all()) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await structuralViolations(page)).toEqual([]);
    await lookAt(page, { path: "/tmp/shots/auto-buy-buys-now-390.png" });

    await sheet.getByRole("button", { name: "Back" }).click();
    await sheet.getByRole("button", { name: "Save order" }).waitFor();
    expect(await sheet.getByLabel("Most per lead").inputValue()).toBe("25");
    expect(await ordersOfPriya()).toBe(before);
    const ids = two.map((l) => l.id);
    expect(await env.server.db.select().from(leadPurchases).where(inArray(leadPurchases.leadId, ids))).toEqual([]);
    // Gone from the market before the next test's orders are made.
    await env.server.db.update(leads).set({ isArchived: true }).where(inArray(leads.id, ids));
  });
});

describe("the auto-buy orders tab", () => {
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
      await openAutoBuyTab(page);
      await expect.poll(() => page.getByTestId("auto-buy-order").count()).toBe(12);
      expect(await page.getByTestId("auto-buy-status").allTextContents()).toEqual(
        expect.arrayContaining(["Active", "Paused", expect.stringMatching(/^Paused until \d+ \w+ \d{4}, \d+:\d\d [ap]m$/)]),
      );
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(await structuralViolations(page)).toEqual([]);
      await lookAt(page, { path: `/tmp/shots/auto-buy-tab-${width}.png` });
      await lookAt(page.getByTestId("auto-buy-order").first(), { path: `/tmp/shots/auto-buy-card-${width}.png` });
      await lookAt(page.getByTestId("auto-buy-business-caps"), { path: `/tmp/shots/auto-buy-business-caps-${width}.png` });

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
