// A quote on the customer's job page in Chromium (docs/decisions/047-job-page-screens.md,
// docs/decisions/057): sent from the electrician's card and accepted on the job page, seen by the
// electrician without a reload. Its deposit and invoice paid: e2e/job-page-paid.test.ts; the page
// itself, live and private: e2e/job-page.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads } from "../shared/schema";
import { addDays, sydneyDayKey } from "../shared/sydney-time";
import { seriousViolationsIn, structuralViolations } from "./support/axe";
import { openPage, PHONE } from "./support/browser";
import { askForQuote } from "./support/quote";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();

describe("the customer's job page, a quote accepted", () => {
  it("when the electrician sends a quote from the card and the customer accepts it on the job page, then the card moves to Quote Accepted without a reload", async () => {
    // A market request Dave buys: the customer's side has its job link, Dave's card its quote builder.
    const asked = await askForQuote(env.server.url, {
      serviceLocation: "North Parramatta NSW 2151",
      electricalWork: "New switchboard with RCBOs and a dedicated circuit for the induction cooktop.",
      customerName: "Odette Fairweather",
      customerPhone: "0414 777 444",
    });
    const { jobReference, jobUrl } = asked;
    const [lead] = await env.server.db.select().from(leads).where(eq(leads.jobReference, jobReference));
    const buyer = await openPage(env.browser, { viewport: PHONE });
    await signInContext(buyer.context, env.server.url, "dave");
    const sale = await buyer.context.request.post(`${env.server.url}/api/leads/${lead!.id}/purchase`, { data: {}, headers: { Origin: env.server.url } });
    expect(sale.status()).toBe(201);
    const { purchase } = (await sale.json()) as { purchase: { id: number } };
    // Sparkright charges GST: its quotes add 10% to the lines.
    const registered = await buyer.context.request.patch(`${env.server.url}/api/provider/business`, {
      data: { gstRegistered: true },
      headers: { Origin: env.server.url },
    });
    expect(registered.status()).toBe(200);

    // Dave's phone; the first Send is refused on purpose (a quote good until a day gone by).
    const { page: dave, context } = await openPage(env.browser, {
      viewport: PHONE,
      provoked: [{ status: 400, path: `/api/lead-purchases/${purchase.id}/quotes` }],
    });
    await signInContext(context, env.server.url, "dave");
    await dave.goto(env.server.url + "/dashboard");
    await dave.getByRole("tab", { name: /^Purchased/ }).click();
    const card = dave.getByTestId("stage-card").filter({ hasText: "Odette Fairweather" });
    await card.getByRole("button", { name: "Write quote" }).click();
    const builder = dave.getByTestId("quote-builder");
    await builder
      .getByLabel("Line 1 Description")
      .fill("Supply and install an 18-pole switchboard with RCBOs on every circuit, removal of the old ceramic-fuse board");
    await builder.getByLabel("Line 1 Unit price", { exact: false }).fill("2450");
    await builder.getByRole("button", { name: "Add line" }).click();
    await builder.getByLabel("Line 2 Description").fill("Dedicated 6 mm² circuit for the induction cooktop");
    await builder.getByLabel("Line 2 Qty").fill("1");
    await builder.getByLabel("Line 2 Unit price", { exact: false }).fill("$680.50");
    // Live totals from shared/document-totals.ts: 3,130.50 + 10% GST = 3,443.55.
    await expect.poll(() => builder.getByTestId("quote-total").textContent()).toBe("$3,443.55");
    const numeric = await builder.getByLabel("Line 2 Unit price", { exact: false }).getAttribute("inputmode");
    expect(numeric).toBe("decimal");
    const send = builder.getByRole("button", { name: "Send quote" });
    expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(seriousViolationsIn(dave, "[data-testid=quote-builder]")).resolves.toEqual([]);
    await lookAt(dave, { path: "/tmp/shots/e2e-quote-builder-390.png" });
    // The server's refusal shows under the field it is about, and the typing stays.
    await builder.getByLabel("Valid until").fill("2020-01-01");
    await send.click();
    await builder.getByText("The quote must be good until today or later").waitFor();
    await expect(builder.getByLabel("Valid until").getAttribute("aria-invalid")).resolves.toBe("true");
    await builder.getByLabel("Valid until").fill(addDays(sydneyDayKey(new Date()), 30));
    await send.click();
    await builder.waitFor({ state: "detached" });

    // The server moved the job to Quoted: the card follows it there.
    await dave.getByRole("tab", { name: /^Quoted/ }).click();
    await card.getByTestId("card-quote").getByText("Sent").waitFor();
    expect(await card.getByTestId("card-quote").textContent()).toContain("$3,443.55");
    await dave.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The customer reads it line by line and accepts with their typed name.
    const { page: customer } = await openPage(env.browser, { viewport: PHONE });
    await customer.goto(env.server.url + jobUrl);
    const quote = customer.getByTestId("job-quote");
    await quote.getByText("Dedicated 6 mm² circuit for the induction cooktop").waitFor();
    expect(await quote.textContent()).toMatch(/GST\$313\.05Total \(inc GST\)\$3,443\.55/);
    await expect(quote.getByTestId("accept-statement").textContent()).resolves.toContain("for $3,443.55 including GST");
    await customer.getByLabel("Your full name").fill("Odette Fairweather");
    await customer.getByRole("button", { name: /^Accept quote/ }).click();
    await quote
      .getByTestId("quote-state")
      .getByText(/You accepted this quote on/)
      .waitFor();
    expect(await customer.getByRole("button", { name: /^Accept quote/ }).count()).toBe(0);
    await lookAt(customer, { path: "/tmp/shots/e2e-job-quote-accepted-390.png", fullPage: true });
    await expect(structuralViolations(customer)).resolves.toEqual([]);
    const shown = (await customer.locator("body").textContent()) ?? "";
    expect(shown).not.toContain("Fairweather");
    expect(shown).not.toMatch(/0414[\s-]?777[\s-]?444/);

    // Dave's card leaves Quoted for Quote Accepted by itself, with no reload.
    const accepted = Date.now();
    await expect.poll(() => card.count(), { timeout: 8_000 }).toBe(0);
    console.info(`card left Quoted ${Date.now() - accepted} ms after the acceptance`);
    await dave.getByRole("tab", { name: /^Quote Accepted/ }).click();
    await card.getByTestId("card-quote").getByText("Accepted").waitFor();
    await card.getByRole("button", { name: "Create invoice" }).waitFor();
    await expect(dave.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);
    await expect(seriousViolationsIn(dave, "[data-testid=card-documents]")).resolves.toEqual([]);
  });
});
