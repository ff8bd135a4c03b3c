// A sign-in sent while the app's own page is still on its way (docs/decisions/036 and 111):
// the early-input script stops the page's downloads before it sends the form, and a chunk
// that fails because of that stop is no new deploy: the page must not reload over the form.
// And a sign-in whose form check cannot load at all still goes through the server.
import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../server/setup/demo-data";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";

const env = useServerAndBrowser();

describe("signing in while the sign-in page's own chunk is still loading", () => {
  it("when a provider taps Sign In as the page's chunk is on its way, then the form reaches the server and the dashboard opens, with no reload", async () => {
    // A context of its own: openPage's goto waits for the app to take the page over, which the held chunk prevents.
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // The chunk the app takes the page over with, held until the form has gone: its download
    // is the one the early-input script stops.
    let held: (route: Route) => void;
    const chunkAsked = new Promise<void>((resolve) => {
      held = () => resolve();
    });
    await page.route(/\/assets\/LoginPage-[^/]*\.js$/, (route) => held(route));
    // The page's own navigations, as requests: a reload over the form shows as a second GET /login.
    const navigations: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) navigations.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });

    await page.goto(env.server.url + "/login");
    await chunkAsked;
    await page.getByLabel("Username or email").fill("dave");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    expect(await page.locator("#root[data-prerendered]").count(), "the app has not taken the page over").toBe(1);
    await page.getByRole("button", { name: "Sign In" }).click();
    // Without the fix the page reloads, asks for the held chunk again and stays on /login.
    await page.waitForURL(/\/dashboard$/, { timeout: 10_000 });
    await page.getByRole("tab", { name: /^Leads/ }).waitFor();

    expect(navigations).toEqual(["GET /login", "POST /login", "GET /dashboard"]);
    await context.close();
  });

  it("when the sign-in form's check cannot load (offline a moment, or a new release), then Sign In still signs in, through the server", async () => {
    // Zod's chunk refused: the form's schema cannot load (client/src/lib/checked-form.ts).
    const zod = /^\/assets\/zod-[\w-]+\.js$/;
    const { page } = await openPage(env.browser, { viewport: PHONE, provoked: [{ status: "failed", path: zod }] });
    await page.goto(env.server.url + "/login");
    await page.route(
      (url) => zod.test(url.pathname),
      (route) => route.abort(),
    );
    await page.getByLabel("Username").fill("dave");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(env.server.url + "/dashboard");
    await page.getByText("Signed in as").waitFor();
  });
});
