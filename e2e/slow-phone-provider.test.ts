// An electrician on a slow phone: the sign-up form filled the moment it shows, and the signed-in
// dashboard's shell before its app (docs/decisions/036; the profile and the figures:
// e2e/support/slow-phone.ts).
import { describe, expect, it } from "vitest";
import { expectNothingTypedInUrls, firstPaintSince, pageClock, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { env, figures, slowPhone } = useSlowPhone("Sign-up and the signed-in dashboard", "e2e/slow-phone-provider.test.ts");

describe("on a slow phone, an electrician's own pages", SLOW_JOURNEY, () => {
  it("when an electrician fills the sign-up form the moment it shows, then every field keeps its text and none rides in a URL", async () => {
    const { page, urls, open } = await slowPhone();
    await open("/signup");
    const typed = { "First name": "Ellie", "Last name": "Watts", Email: "ellie.watts@example.com", Phone: "0412 555 777", Username: "ellie-w" };
    for (const [label, text] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(text);
    await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await page.waitForLoadState("networkidle");
    for (const [label, text] of Object.entries(typed)) await expect(page.getByLabel(label, { exact: true }).inputValue()).resolves.toBe(text);
    expectNothingTypedInUrls(urls, [...Object.values(typed), "first-pass-1"]);
  });

  it("when a signed-in provider opens /dashboard, then the shell shows long before the app", async () => {
    const { context, page, open } = await slowPhone();
    const { signInContext } = await import("./support/session");
    await signInContext(context, env.server.url, "dave");
    await open("/dashboard");
    await page.locator("[data-app-shell]").waitFor({ state: "visible" });
    const shellAt = await pageClock(page);
    await page.getByRole("tab", { name: /^Leads/ }).waitFor();
    const app = await pageClock(page);
    // The first paint's entry is written a frame after the shell is in the page: read once it
    // exists (read with the shell, it was sometimes not there yet on a busy machine).
    const firstPaint = await firstPaintSince(page, app.origin);
    const appAt = app.now;
    expect(shellAt.now).toBeLessThan(appAt);
    // On the page's own clock, not the test's polling: the first paint was the shell, before the
    // app took the page over. How soon it paints is a figure for this file's table (printed, and
    // in docs/benchmarks.md), not a pass mark: on a saturated CI machine the polling alone moved it
    // past 3 s.
    expect(app.shellGoneAt, "the app replaced the shell").not.toBeNull();
    expect(firstPaint).toBeLessThan(app.shellGoneAt!);
    figures.push({ page: "/dashboard (signed in): shell, then app", firstPaint: shellAt.now, tapAt: NaN, liveAt: appAt, doneAt: appAt });
  });
});
