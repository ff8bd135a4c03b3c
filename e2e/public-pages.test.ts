// Public pages in Chromium: the provider landing's callback form, the legal pages and head
// tags (split from the intake journeys so the two run side by side: docs/decisions/041). An
// accessibility scan and every public page at both widths: e2e/public-pages-sweep.test.ts.
import { desc } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { providerCallbacks } from "../shared/schema";
import { DESKTOP, openPage } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";

const env = useServerAndBrowser();

describe("provider landing and callback form", () => {
  /** Rhys Morgan of Morgan Electrical asks for a callback: the fields that differ are given. */
  async function fillCallbackForm(page: Page, fields: { mobile: string; email: string; serviceArea: string }) {
    await page.getByLabel("First name").fill("Rhys");
    await page.getByLabel("Last name").fill("Morgan");
    await page.getByLabel("Mobile number").fill(fields.mobile);
    await page.getByLabel("Email").fill(fields.email);
    await page.getByLabel("Business name").fill("Morgan Electrical");
    await page.getByLabel("Service area").fill(fields.serviceArea);
  }

  it("when the form is sent empty, then each field shows its message; when filled, then the success toast shows and the form resets", async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + "/for-providers");
    await page.getByRole("button", { name: "Request Callback", exact: true }).click();
    await page.getByRole("button", { name: "Request Callback Now" }).click();
    for (const message of [
      "First name required",
      "Last name required",
      "Valid mobile number required",
      "Valid email required",
      "Business name required",
      "Service area required",
    ]) {
      await page.getByText(message).waitFor();
    }
    await fillCallbackForm(page, { mobile: "+61 423 111 222", email: "rhys@morganelectrical.com.au", serviceArea: "Newcastle and Hunter" });
    await page.getByRole("button", { name: "Request Callback Now" }).click();
    await page.getByText("Callback Requested!").first().waitFor();
    await page.getByText("We'll call you within 24 hours to discuss your application.").first().waitFor();
    await expect(page.getByLabel("First name").inputValue()).resolves.toBe("");
    // Once the notice is gone, the page still says the request went through (docs/decisions/032).
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: "Close" })
      .first()
      .click();
    await expect(page.getByTestId("callback-confirmation").textContent()).resolves.toMatch(
      /Callback requested\. Thanks, Rhys: we'll call you on .+ within 24 hours/,
    );

    const [row] = await env.server.db.select().from(providerCallbacks).orderBy(desc(providerCallbacks.id)).limit(1);
    expect(row).toMatchObject({ firstName: "Rhys", mobile: "0423111222", serviceArea: "Newcastle and Hunter", status: "pending" });
  });

  it("when the request fails, then the failure toast names the phone number and the values stay", async () => {
    // The 500 this test fakes.
    const { page } = await openPage(env.browser, { viewport: DESKTOP, provoked: [{ status: 500, path: "/api/provider-callbacks" }] });
    await page.route("**/api/provider-callbacks", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal server error"}' }),
    );
    await page.goto(env.server.url + "/for-providers");
    await fillCallbackForm(page, { mobile: "0423 111 222", email: "rhys@example.com", serviceArea: "Hunter" });
    await page.getByRole("button", { name: "Request Callback Now" }).click();
    await page.getByText("Failed to request callback. Please try again or call 1300 000 000.").first().waitFor();
    await expect(page.getByLabel("First name").inputValue()).resolves.toBe("Rhys");
  });
});

describe("legal pages and head tags", () => {
  it.each(["/terms-conditions", "/terms-and-conditions"])("when %s is opened, then the terms render", async (path) => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + path);
    await page.getByRole("heading", { level: 1, name: "Terms & Conditions" }).waitFor();
    await page.getByText("Last updated: August 15, 2025").waitFor();
    await page.getByText("Lead fees are due immediately at the time of purchase.").waitFor();
  });

  it("when the privacy policy is opened, then it shows the date and the contact details", async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + "/privacy-policy");
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    await page.getByText("Last updated: August 15, 2025").waitFor();
    await page.getByRole("link", { name: "support@aussieelectricians.com.au" }).first().waitFor();
  });

  it("when the home page loads, then title, canonical, social tags and the business data without an invented rating are in the head", async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + "/");
    await page.waitForFunction(() => document.querySelector('script[type="application/ld+json"]'));
    const head = await page.evaluate(() => ({
      title: document.title,
      canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
      og: document.querySelector('meta[property="og:title"]')?.getAttribute("content"),
      twitter: document.querySelector('meta[name="twitter:card"]')?.getAttribute("content"),
      keywords: document.querySelector('meta[name="keywords"]')?.getAttribute("content"),
      jsonLd: JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!),
    }));
    expect(head.title).toMatch(/Aussie Electricians/);
    expect(head.canonical).toBe(env.server.url + "/");
    expect(head.og).toBe(head.title);
    expect(head.twitter).toBe("summary");
    expect(head.keywords).toMatch(/electrician/);
    expect(head.jsonLd).not.toHaveProperty("aggregateRating");
    expect(head.jsonLd["@type"]).toContain("Electrician");
  });
});
