// The customer's job page in Chromium on a phone (docs/decisions/047-job-page-screens.md): a
// customer sends a quote, follows Track your request, and while they watch a provider buys the
// request in another browser; the page names the electrician within 5 s, with no reload, and
// never shows the customer's full phone, street address or access notes. Then the money: a quote
// accepted and paid, its deposit and invoice paid on the page in demo mode (docs/decisions/057).
import { eq } from "drizzle-orm";
import type { Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { JOB_TOKEN_PATTERN } from "../shared/job-page";
import { leads } from "../shared/schema";
import { addDays, sydneyDayKey } from "../shared/sydney-time";
import { seriousViolationsIn, structuralViolations } from "./support/axe";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { askForQuote } from "./support/quote";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";
import { nextToYourInformation } from "./support/wizard";

const env = useServerAndBrowser();

/** What the customer types that the page must never show back. */
const CUSTOMER = {
  name: "Harriet Quill",
  phone: "0412 555 222",
  street: "12 Smith St",
  access: "Gate code 4821, kelpie called Rusty",
};

/** The customer's mobile in any spacing: 0412555222, 0412 555 222, 0412-555-222. */
const CUSTOMER_PHONE_ANYHOW = /0412[\s-]?555[\s-]?222/;

describe("the customer's job page", () => {
  it("when a provider buys the request the customer is watching, then the page names the electrician within 5 s without a reload, and never shows the customer's phone or street", async () => {
    const { page } = await openPage(env.browser, { viewport: PHONE });
    const addresses: string[] = [];
    page.on("framenavigated", (frame) => frame === page.mainFrame() && addresses.push(frame.url()));
    const recorded: string[] = [];
    page.on("request", (request: Request) => request.url().endsWith("/api/analytics/track") && recorded.push(request.postData() ?? ""));

    // The quote, through the wizard, with the street, the mobile and access notes.
    await page.goto(env.server.url + "/get-quote");
    const location = page.getByLabel("Service location");
    await location.pressSequentially("12 Smith St, North Parra", { delay: 20 });
    await page.getByRole("option", { name: "12 Smith St, North Parramatta NSW 2151" }).click();
    await page.getByLabel("Describe the electrical work").fill("Two new power points in the garage and a sensor light by the back door.");
    await nextToYourInformation(page);
    await page.getByLabel("Full name").fill(CUSTOMER.name);
    await page.getByLabel("Phone number").fill(CUSTOMER.phone);
    await page.getByLabel("Access notes (optional)").fill(CUSTOMER.access);
    // The privacy notice stands before the send button.
    const notice = page.getByTestId("privacy-notice");
    await expect(notice.textContent()).resolves.toContain("one licensed electrician");
    const send = page.getByRole("button", { name: "Get Free Quote" });
    expect((await notice.boundingBox())!.y).toBeLessThan((await send.boundingBox())!.y);

    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/leads" && res.request().method() === "POST");
    await send.click();
    const { jobReference, jobUrl } = (await (await answer).json()) as { jobReference: string; jobUrl: string };
    const token = jobUrl.slice("/job/".length);
    expect(token).toMatch(JOB_TOKEN_PATTERN);
    await page.getByRole("button", { name: "Skip for now" }).click();
    await page.waitForURL(/\/quote-success\?ref=AE-\d{5,6}E$/);

    // The link rides in memory: Track your request opens it, though no address held it.
    await page.getByRole("link", { name: "Track your request" }).click();
    await page.waitForURL(env.server.url + jobUrl);
    await page.getByText("We're finding you a licensed electrician").waitFor();
    await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toContain("noindex");
    await lookAt(page, { path: "/tmp/shots/e2e-job-finding-390.png", fullPage: true });
    // Nothing reloads from here on: a marker on the window would not survive one.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const loads = addresses.length;

    // Dave (Sparkright Electrical, within 30 km of Parramatta) buys it in his own browser.
    const [lead] = await env.server.db.select().from(leads).where(eq(leads.jobReference, jobReference));
    const provider = await openPage(env.browser, { viewport: PHONE });
    await signInContext(provider.context, env.server.url, "dave");
    const sale = await provider.context.request.post(`${env.server.url}/api/leads/${lead!.id}/purchase`, { data: {}, headers: { Origin: env.server.url } });
    expect(sale.status()).toBe(201);
    const soldAt = Date.now();

    const card = page.getByTestId("electrician-card");
    await card.getByRole("heading", { name: "Sparkright Electrical" }).waitFor({ timeout: 5_000 });
    expect(Date.now() - soldAt).toBeLessThan(5_000);
    await expect(page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);
    expect(addresses.length).toBe(loads);
    await expect(card.getByRole("link", { name: /^Call/ }).getAttribute("href")).resolves.toBe("tel:0412345678");
    await card.getByText("Dave will look after your job").waitFor();
    await card
      .getByTestId("contact-promise")
      .getByText(/They will contact you by \d{1,2}:\d{2} [ap]m/)
      .first()
      .waitFor();
    await expect(page.locator('[aria-current="step"]').textContent()).resolves.toContain("Electrician matched");
    await lookAt(page, { path: "/tmp/shots/e2e-job-matched-390.png", fullPage: true });
    await expect(structuralViolations(page)).resolves.toEqual([]);

    // What a forwarded link must never show: the full mobile, the street, the access notes, the surname.
    const shown = (await page.locator("body").textContent()) ?? "";
    expect(shown).toContain(jobReference);
    expect(shown).not.toMatch(CUSTOMER_PHONE_ANYHOW);
    expect(shown).not.toContain(CUSTOMER.street);
    expect(shown).not.toContain("4821");
    expect(shown).not.toContain("Quill");
    const markup = await page.content();
    expect(markup).not.toMatch(CUSTOMER_PHONE_ANYHOW);
    expect(markup).not.toContain(CUSTOMER.street);

    // The token was in no address but the job page's own, and in nothing sent to analytics.
    expect(addresses.filter((url) => url.includes(token)).every((url) => url === env.server.url + jobUrl)).toBe(true);
    expect(addresses.some((url) => url.includes("/quote-success") && url.includes(token))).toBe(false);
    expect(recorded.length).toBeGreaterThan(0);
    for (const body of recorded) expect(body).not.toContain(token);
  });

  it("when the link is unknown, then the page says so kindly and leads to the lookup", async () => {
    const unknown = "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ";
    const { page } = await openPage(env.browser, { viewport: PHONE, provoked: [{ status: 404, path: `/api/jobs/${unknown}` }] });
    await page.goto(`${env.server.url}/job/${unknown}`);
    await page.getByRole("heading", { name: "We can't find that link" }).waitFor();
    await page.getByRole("link", { name: "Find my request" }).click();
    await page.waitForURL(env.server.url + "/job");
    await page.getByRole("heading", { name: "Find my request" }).waitFor();
  });

  it("when a customer who lost the link asks by mobile, then a code by SMS lists their request with its link", async () => {
    const quote = await askForQuote(env.server.url, {
      serviceLocation: "North Parramatta NSW 2151",
      electricalWork: "Smoke alarms replaced in three bedrooms.",
      customerName: "Lou Kupp",
      customerPhone: "0413 666 333",
    });
    const { jobReference } = quote;
    const { page } = await openPage(env.browser, { viewport: PHONE });
    await page.goto(env.server.url + "/job");
    await page.getByLabel("Mobile number").fill("0413 666 333");
    await page.getByRole("button", { name: "Text me a code" }).click();
    await page.getByText("If that mobile has requests with us, we have sent it a code.").waitFor();
    const code = await page.getByTestId("dev-code").locator("strong").textContent();
    const codeField = page.getByLabel("6-digit code");
    await expect(codeField.getAttribute("autocomplete")).resolves.toBe("one-time-code");
    await expect(codeField.getAttribute("inputmode")).resolves.toBe("numeric");
    await expect(structuralViolations(page)).resolves.toEqual([]);
    await codeField.fill(code!);
    await page.getByRole("button", { name: "Show my requests" }).click();
    const found = page.getByTestId("lookup-jobs").getByRole("link", { name: new RegExp(jobReference) });
    await found.click();
    await page.waitForURL(/\/job\/[A-Za-z0-9_-]{32}$/);
    await page.getByText(jobReference).first().waitFor();
    await page.getByText("We're finding you a licensed electrician").waitFor();
  });

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

  it("when the customer accepts a quote with a deposit and later pays the invoice, in demo mode, then each reads paid and a demo, the electrician's card moves to Paid without a reload, and she can refund the payment with a reason", async () => {
    // A market request Priya (Brightwire Electrical, Richmond) buys and quotes by the API (the
    // builder has its own journey above). Her pipeline holds no other open quote or invoice, so
    // only this job's unpaid invoice keeps it asking (docs/decisions/057).
    const asked = await askForQuote(env.server.url, {
      serviceLocation: "Richmond VIC 3121",
      electricalWork: "Rewire the whole house and move the meter box to the side wall.",
      customerName: "Percival Ashdown-Whitlock",
      customerPhone: "0415 888 555",
    });
    const { jobReference, jobUrl } = asked;
    const [lead] = await env.server.db.select().from(leads).where(eq(leads.jobReference, jobReference));
    const { page: priya, context } = await openPage(env.browser, { viewport: DESKTOP });
    await signInContext(context, env.server.url, "priya");
    const api = (path: string, data: unknown) => context.request.post(env.server.url + path, { data, headers: { Origin: env.server.url } });
    const sale = await api(`/api/leads/${lead!.id}/purchase`, {});
    expect(sale.status()).toBe(201);
    const { purchase } = (await sale.json()) as { purchase: { id: number } };
    // Not registered for GST here, whatever an earlier journey set: the figures are the lines'.
    const business = await context.request.patch(`${env.server.url}/api/provider/business`, {
      data: { gstRegistered: false },
      headers: { Origin: env.server.url },
    });
    expect(business.status()).toBe(200);
    const quoted = await api(`/api/lead-purchases/${purchase.id}/quotes`, {
      items: [{ description: "Rewire the house, new meter box position, 24 power points and 18 lights", quantity: "1", unitPrice: "12345.67" }],
      depositAmount: "2000.00",
    });
    expect(quoted.status()).toBe(201);

    // Priya watches her pipeline on a desktop; it asks again while the customer holds the quote.
    await priya.goto(env.server.url + "/dashboard");
    await priya.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The customer accepts on their phone: the deposit is paid at once, and the page says it was a demo.
    const { page: customer } = await openPage(env.browser, { viewport: PHONE });
    await customer.goto(env.server.url + jobUrl);
    const quote = customer.getByTestId("job-quote");
    await customer.getByLabel("Your full name").fill("Percival Ashdown-Whitlock");
    await customer.getByRole("button", { name: /^Accept quote/ }).click();
    const deposit = quote.getByTestId("quote-deposit");
    await deposit.getByText("Deposit of $2,000.00 paid. Thank you.").waitFor();
    await deposit.getByTestId("demo-payment").getByText("Demo payment: no money moved.").waitFor();
    expect(await deposit.getByTestId("pay-now").count()).toBe(0);
    await lookAt(quote, { path: "/tmp/shots/e2e-job-deposit-demo-390.png" });
    await expect(structuralViolations(customer)).resolves.toEqual([]);

    // Her card follows to Quote Accepted by itself; she invoices the accepted quote from it.
    await priya.getByRole("tab", { name: /^Quote Accepted/ }).click();
    const card = priya.getByTestId("stage-card").filter({ hasText: jobReference });
    await card.getByRole("button", { name: "Create invoice" }).click({ timeout: 8_000 });
    await priya
      .getByRole("dialog")
      .getByRole("button", { name: /^Create (tax )?invoice/ })
      .click();
    await card.getByTestId("card-invoice").waitFor();
    expect(await card.getByTestId("card-invoice").textContent()).toContain("$10,345.67 due");

    // The invoice reaches the customer's page while they watch; they pay its balance (a demo).
    const invoice = customer.getByTestId("job-invoice");
    const pay = invoice.getByRole("button", { name: "Pay $10,345.67 now" });
    await pay.waitFor({ timeout: 8_000 });
    expect((await pay.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await pay.click();
    await invoice.getByText("Paid in full. Thank you.").waitFor();
    await invoice.getByTestId("demo-payment").getByText("The $10,345.67 payment is marked as paid").waitFor();
    await customer.getByTestId("job-headline").getByText("Paid, thank you").waitFor({ timeout: 8_000 });
    await lookAt(invoice, { path: "/tmp/shots/e2e-job-invoice-paid-390.png" });
    const shown = (await customer.locator("body").textContent()) ?? "";
    expect(shown).not.toContain("Ashdown");

    // Her card leaves Quote Accepted for Paid with no reload, and the payment reads as online.
    const paidAt = Date.now();
    await expect.poll(() => card.count(), { timeout: 8_000 }).toBe(0);
    console.info(`card moved to Paid ${Date.now() - paidAt} ms after the payment`);
    await priya.getByRole("tab", { name: /^Paid/ }).click();
    await card.getByTestId("card-invoice").getByText("Paid").waitFor();
    await card.getByTestId("card-documents").getByRole("button", { name: "Details", exact: true }).click();
    await card.getByText("$10,345.67 demo online payment (nothing charged)").waitFor();

    // She refunds it: a reason is required, and the refund then shows under the payment with it.
    await card.getByRole("button", { name: "Refund $10,345.67" }).click();
    const refund = priya.getByTestId("refund-dialog");
    await refund.getByRole("button", { name: "Refund $10,345.67" }).click();
    await refund.getByText("Say why you are refunding").waitFor();
    await expect(refund.getByLabel("Why are you refunding?").getAttribute("aria-invalid")).resolves.toBe("true");
    await refund.getByLabel("Why are you refunding?").fill("The customer asked to pay by bank transfer instead");
    await refund.getByRole("button", { name: "Refund $10,345.67" }).click();
    await refund.waitFor({ state: "detached" });
    await card.getByText(/^Refunded \$10,345\.67 on .+: “The customer asked to pay by bank transfer instead”$/).waitFor();
    expect(await card.getByRole("button", { name: /^Refund \$10,345\.67/ }).count()).toBe(0);
    await expect(priya.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);
    await lookAt(priya, { path: "/tmp/shots/e2e-card-paid-online-1280.png", fullPage: true });
  });
});
