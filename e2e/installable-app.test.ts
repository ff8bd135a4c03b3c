// The installable app in the browser (docs/decisions/030): the manifest and its icons, the
// service worker, and the offline page it shows when a reload finds no network.
import { describe, expect, it } from "vitest";
import { APP_MANIFEST, THEME_COLOUR } from "../shared/app-manifest";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { lookAt } from "./support/look";
import { controlledBy } from "./support/service-worker";

// The full Chromium, as the alerts' journey: the service worker's offline page is tested where
// the phone's browser runs it (docs/decisions/068).
const env = useServerAndBrowser({}, "full");

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe("the installable app", () => {
  it("when a phone opens the site, then the manifest is linked and complete, the service worker controls the page, and offline a reload shows the offline page", async () => {
    const { context, page } = await openPage(env.browser, { viewport: PHONE, serviceWorkers: "allow" });
    await page.goto(env.server.url + "/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const res = await context.request.get(env.server.url + href);
    expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as typeof APP_MANIFEST;
    expect(manifest).toMatchObject({
      name: "Aussie Electricians",
      short_name: APP_MANIFEST.short_name,
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: THEME_COLOUR,
      background_color: APP_MANIFEST.background_color,
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    await expect(page.locator('meta[name="theme-color"]').getAttribute("content")).resolves.toBe(THEME_COLOUR);
    const icons = [...manifest.icons, { src: (await page.locator('link[rel="apple-touch-icon"]').getAttribute("href"))!, sizes: "180x180", purpose: "apple" }];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable", "180x180 apple"]);
    for (const icon of icons) {
      const png = await context.request.get(env.server.url + icon.src);
      expect(png.headers()["content-type"]).toBe("image/png");
      const { width, height } = pngSize(await png.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }

    await controlledBy(context, page);
    const sw = await context.request.get(env.server.url + "/sw.js");
    expect(sw.headers()["cache-control"]).toBe("no-cache");

    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { name: "You're offline" }).waitFor();
    await page.getByText("nothing is lost").waitFor();
    await lookAt(page, { path: "/tmp/shots/e2e-offline-390.png" });
    // A deep link too: the dashboard an alert opens, with no network.
    await page.goto(env.server.url + "/dashboard?lead=1");
    await page.getByRole("heading", { name: "You're offline" }).waitFor();
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await page.waitForURL(/\/dashboard\?lead=1$/);
    await page
      .getByRole("heading", { name: "Provider access required" })
      .or(page.getByRole("heading", { name: /sign in|log in/i }))
      .first()
      .waitFor();
  });
});
