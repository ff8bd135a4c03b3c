// The customer's job page in Chromium on a phone (docs/decisions/047-job-page-screens.md): a
// customer sends a quote, follows Track your request, and while they watch a provider buys the
// request in another browser; the page names the electrician within 5 s, with no reload, and
// never shows the customer's full phone, street address or access notes. The money on it (a quote
// accepted, its deposit and invoice paid in demo mode): e2e/job-page-quote.test.ts and
// e2e/job-page-paid.test.ts.
import { eq } from "drizzle-orm";
import type { Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { JOB_TOKEN_PATTERN } from "../shared/job-page";
import { leads } from "../shared/schema";
import { structuralViolations } from "./support/axe";
import { openPage, PHONE } from "./support/browser";
import { askForQuote } from "./support/quote";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";
import { nextToYourInformation, skipTheCode } from "./support/wizard";

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
    await skipTheCode(page);
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
    expect(shown).not.toMatch(/\b4821\b/);
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
    await page.getByRole("main").getByRole("link", { name: "Find my request" }).click();
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
});
