// The live market's journey (docs/decisions/024). Two providers watch the same lead; one buys it, and the
// other's screen drops the card within a second, says why, and closes their purchase dialog.
// A quote that comes in meanwhile slides into the list, highlighted, with no reload.
import { describe, expect, it } from "vitest";
import { MARKET_MESSAGES } from "../shared/market-messages";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { askForQuote } from "./support/quote";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();

describe("the live market in the browser", () => {
  it("when one provider buys a lead, then it leaves the other's screen within a second with a notice, and a new quote slides in", async () => {
    const rival = await openPage(env.browser, { viewport: DESKTOP });
    await signInContext(rival.context, env.server.url, "priya");
    // Priya works in Melbourne: she watches all of Australia, where Dave's Sydney leads are.
    await rival.page.goto(env.server.url + "/dashboard?scope=all");
    await rival.page.getByText("Live Updates Active").waitFor();

    const buyer = await openPage(env.browser, { viewport: PHONE });
    await signInContext(buyer.context, env.server.url, "dave");
    await buyer.page.goto(env.server.url + "/dashboard");
    await buyer.page.getByText("Live Updates Active").waitFor();
    const card = buyer.page.getByTestId("lead-card").first();
    const reference = (await card.textContent())!.match(/AE-\d{6}E/)![0];

    // The rival is about to buy the same lead.
    const rivalCard = rival.page.getByTestId("lead-card").filter({ hasText: reference });
    await rivalCard.getByRole("button", { name: "Purchase" }).click();
    await rival.page.getByRole("dialog").getByText("Demo mode - no card will be charged").waitFor();

    await card.getByRole("button", { name: "Purchase" }).click();
    const sale = buyer.page.waitForResponse((res) => res.url().endsWith("/purchase") && res.request().method() === "POST");
    await buyer.page
      .getByRole("dialog")
      .getByRole("button", { name: /^Buy for/ })
      .click();
    // The toast lasts a few seconds: watch for it from the sale on, not after the rival checks.
    const paid = buyer.page.getByText("Demo purchase", { exact: true }).waitFor();
    expect((await sale).status()).toBe(201);
    const soldAt = Date.now();

    await rivalCard.waitFor({ state: "detached", timeout: 1000 });
    const within = Date.now() - soldAt;
    await expect(rival.page.getByTestId("market-notice").textContent()).resolves.toBe(`${reference}: ${MARKET_MESSAGES.soldToAnother}`);
    await rival.page.getByText(MARKET_MESSAGES.soldToAnother, { exact: true }).waitFor();
    await expect(rival.page.getByRole("dialog").count()).resolves.toBe(0);
    await lookAt(rival.page, { path: "/tmp/shots/e2e-live-sold-1280.png" });
    expect(within).toBeLessThan(1000);
    await paid;

    // A quote for Parramatta reaches Dave's market (his 30 km) at once, on top and highlighted.
    const quote = await askForQuote(env.server.url, {
      serviceLocation: "12 Smith St, North Parramatta NSW 2151",
      electricalWork: "Two new power points in the garage",
      customerName: "Nina Live",
      customerPhone: "0412579246",
    });
    const { jobReference } = quote;
    await buyer.page.getByRole("tab", { name: /^Leads/ }).click();
    // The buyer's own sale was no news to the buyer.
    await expect(buyer.page.getByTestId("market-notice").textContent()).resolves.toBe("");
    const fresh = buyer.page.getByTestId("lead-card").first();
    await expect.poll(() => fresh.textContent(), { timeout: 2000 }).toContain(jobReference);
    await expect(fresh.getAttribute("data-new")).resolves.toBe("true");
    await expect(fresh.textContent()).resolves.not.toContain("Nina Live");
    await lookAt(buyer.page, { path: "/tmp/shots/e2e-live-new-lead-390.png" });

    await buyer.context.close();
    await rival.context.close();
  });
});
