// The page an alert e-mail's unsubscribe link opens (docs/decisions/029): one button, a
// confirmation that stays, and a clear word when the link is bad.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_ALERT_PREFERENCES } from "../shared/alerts";
import { users } from "../shared/schema";
import { unsubscribeToken } from "../server/core/alerts/unsubscribe-token";
import { loadConfig } from "../server/platform/config";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();

describe("the unsubscribe page", () => {
  it("when a provider follows the link in an alert e-mail, then one button stops the e-mails, with a confirmation that stays", async () => {
    const { context, page } = await openPage(env.browser, { viewport: PHONE });
    const [dave] = await env.server.db.select().from(users).where(eq(users.username, "dave"));
    const owner = await env.browser.newContext();
    await signInContext(owner, env.server.url, "dave");
    const put = await owner.request.put(env.server.url + "/api/alerts/preferences", {
      data: { ...DEFAULT_ALERT_PREFERENCES, emailEnabled: true },
      headers: { Origin: env.server.url },
    });
    expect(put.status()).toBe(200);

    // As the e-mail's link is made (the e2e server runs on the development session secret).
    const token = unsubscribeToken(loadConfig({ NODE_ENV: "test" }).sessionSecret, dave!.id);
    await page.goto(`${env.server.url}/alerts/unsubscribe?token=${token}`);
    await page.getByRole("heading", { name: "Stop new-lead e-mails?" }).waitFor();
    await lookAt(page, { path: "/tmp/shots/e2e-unsubscribe-390.png" });
    await page.getByRole("button", { name: "Unsubscribe from new-lead e-mails" }).click();
    await page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    await page.getByText("You will no longer get new-lead e-mails.").waitFor();
    await lookAt(page, { path: "/tmp/shots/e2e-unsubscribed-390.png" });
    const settings = (await (await owner.request.get(env.server.url + "/api/alerts/settings")).json()) as { preferences: { emailEnabled: boolean } };
    expect(settings.preferences.emailEnabled).toBe(false);
    await owner.close();
    expect(context.pages()).toHaveLength(1);
  });

  it("when the link's token is bad, then the page says so; the button is the only action", async () => {
    const { page } = await openPage(env.browser, { viewport: PHONE, provoked: [{ status: 400, path: "/api/alerts/unsubscribe" }] });
    await page.goto(env.server.url + "/alerts/unsubscribe?token=not-a-real-token");
    await page.getByRole("heading", { name: "Stop new-lead e-mails?" }).waitFor();
    await page.getByRole("button", { name: "Unsubscribe from new-lead e-mails" }).click();
    await page.getByText("This unsubscribe link is not valid").waitFor();
    await lookAt(page, { path: "/tmp/shots/e2e-unsubscribe-bad-390.png" });
  });
});
