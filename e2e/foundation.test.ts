import { describe, expect, it } from "vitest";
import { createUser, TEST_PASSWORD } from "../server/setup/factories";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";

const env = useServerAndBrowser();

describe("the built app in Chromium", () => {
  it("when a visitor opens the home page on a phone, then the site renders with its header and footer", async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + "/");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/Electricians/);
    await expect(page.getByRole("link", { name: "Get Free Electrical Quote" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("contentinfo").textContent()).resolves.toMatch(/from \$550/);
  });

  it("when a visitor opens an unknown route, then it is a 404 that says so in words and offers the ways on", async () => {
    // The page's own 404 is the point: Chromium logs it as a failed load.
    const { page } = await openPage(env.browser, { viewport: PHONE, provoked: [{ status: 404, path: "/no/such/page" }] });
    const response = await page.goto(env.server.url + "/no/such/page");
    expect(response?.status()).toBe(404); // the SPA still runs in it and shows the page
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    for (const name of ["Get a free quote", "Find my request", "Home"])
      await expect(page.getByRole("main").getByRole("link", { name }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Did you forget").count()).resolves.toBe(0);
  });

  it("when a customer is signed in, then the header shows the customer navigation and their menu, not the call link or 'Provider Login'", async () => {
    const customer = await createUser(env.server.db, { userType: "customer", firstName: "Olivia", lastName: "Nguyen", companyName: null });
    const { page, context } = await openPage(env.browser, { viewport: DESKTOP });
    await signInContext(context, env.server.url, customer.username, TEST_PASSWORD);
    await page.goto(env.server.url + "/");
    const header = page.getByRole("banner");
    const menuButton = header.getByRole("button", { name: "Account menu for Olivia Nguyen" });
    await menuButton.waitFor();
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link").allTextContents()).resolves.toEqual(["Home", "Get Electrical Quote", "Find my request"]);
    await expect(header.locator('a[href^="tel:"]').count()).resolves.toBe(0);
    await menuButton.click();
    await page.getByRole("menu").getByText("Customer", { exact: true }).waitFor();
    await page.getByRole("menuitem", { name: "Logout" }).waitFor();

    await page.setViewportSize(PHONE);
    await page.keyboard.press("Escape");
    await header.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await sheet.getByRole("button", { name: "Logout" }).waitFor();
    await expect(sheet.getByRole("link", { name: "Provider Login" }).count()).resolves.toBe(0);
    await expect(sheet.locator('a[href^="tel:"]').count()).resolves.toBe(0);
  });

  it("when a visitor is signed out, then the phone menu offers 'Provider Login' and the call link", async () => {
    const { page } = await openPage(env.browser, { viewport: PHONE });
    await page.goto(env.server.url + "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await sheet.getByRole("link", { name: "Provider Login" }).waitFor();
    await expect(sheet.locator('a[href^="tel:"]').count()).resolves.toBe(1);
  });

  it("when a visitor is signed out on a desktop, then the header shows a visible 'Provider Login' link to /login", async () => {
    const { page } = await openPage(env.browser, { viewport: DESKTOP });
    await page.goto(env.server.url + "/");
    const link = page.getByRole("banner").getByRole("link", { name: "Provider Login" });
    await expect(link.isVisible()).resolves.toBe(true);
    await expect(link.getAttribute("href")).resolves.toBe("/login");
  });

  it("when the SPA is served, then API routes still answer JSON 404s", async () => {
    const res = await fetch(env.server.url + "/api/unknown");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "No API route for GET /api/unknown" });
  });

  it("when the built app is fetched, then each landing page's HTML already holds its heading and the scripts come as stored Brotli, cached for a year", async () => {
    for (const [pagePath, heading] of [
      ["/", "Licensed Electricians Australia Wide"],
      ["/get-quote", "Get Your Free Electrical Services Quote"],
      ["/login", "Electrician Sign In"],
    ]) {
      const html = await (await fetch(env.server.url + pagePath)).text();
      expect(html).toContain('<div id="root" data-prerendered="">');
      expect(html).toContain(heading);
    }
    const html = await (await fetch(env.server.url + "/")).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
    const res = await fetch(env.server.url + entry, { headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
