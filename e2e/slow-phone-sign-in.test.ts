// Signing in on a slow phone the moment the form shows (docs/decisions/036; the profile and the
// figures: e2e/support/slow-phone.ts). A mistyped password: e2e/slow-phone-wrong-password.test.ts.
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../server/setup/demo-data";
import { expectAppNotYetLive, expectNothingTypedInUrls, firstPaintSince, pageClock, SLOW_JOURNEY, useSlowPhone } from "./support/slow-phone";

const { env, figures, slowPhone } = useSlowPhone("Sign in", "e2e/slow-phone-sign-in.test.ts");

const signedIn = async (context: BrowserContext) => (await context.request.get(env.server.url + "/api/auth/me")).status();

describe("on a slow phone, signing in before the app has taken over", SLOW_JOURNEY, () => {
  it("when a provider signs in the moment the form shows, then the server signs them in and /dashboard paints signed in, without waiting for the app, and the password never rides in a URL", async () => {
    const { context, page, urls, posts, open, raceOver } = await slowPhone();
    await open("/login");
    await page.getByLabel("Username or email").fill("dave");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await expectAppNotYetLive(page);
    const login = await pageClock(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/dashboard$/);
    // Done when the signed-in page paints (its shell: docs/decisions/036); its own app comes later, as in the /dashboard row.
    const doneAt = await firstPaintSince(page, login.origin);
    figures.push({ page: "/login", firstPaint: login.firstPaint, tapAt: login.now, liveAt: null, doneAt });
    await raceOver();
    // The form itself went to the server: the app never took the sign-in page over.
    expect(posts).toEqual(["/login"]);
    await expect(signedIn(context)).resolves.toBe(200);
    await page.getByRole("tab", { name: /^Leads/ }).waitFor();
    expectNothingTypedInUrls(urls, [DEMO_PASSWORD, "password="]);
  });
});
