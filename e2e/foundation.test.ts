import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage } from "./support/browser";
import { startServer } from "./support/server";

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the built app in Chromium", () => {
  it("when a visitor opens the home page on a phone, then the site renders with its header and footer", async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(server.url + "/");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/Electricians/);
    await expect(page.getByRole("link", { name: "Get Free Electrical Quote" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("contentinfo").textContent()).resolves.toMatch(/from \$550/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("when a visitor opens an unknown route, then the 404 page says so", async () => {
    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP });
    const response = await page.goto(server.url + "/no/such/page");
    expect(response?.status()).toBe(200); // the SPA answers; the router shows the page
    await page.getByText("404 Page Not Found").waitFor();
    await expect(page.getByText("Did you forget to add the page to the router?").isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("when the SPA is served, then API routes still answer JSON 404s", async () => {
    const res = await fetch(server.url + "/api/unknown");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "No API route for GET /api/unknown" });
  });
});
