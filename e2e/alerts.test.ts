// Alerts in the browser (docs/decisions/029, 030): the installable app (manifest, service worker, the offline page)
// and the Alerts dialog. Chromium's own push service is on the internet, so the page's
// PushManager.subscribe is replaced by one returning a subscription whose endpoint is a
// local receiver with a real P-256 key pair (server/test/push-receiver.ts): the server's real
// encrypted push reaches it and is decrypted. The service worker's push and notificationclick
// handlers are exercised by dispatching those events in the worker.
import type { BrowserContext, Page, Worker } from "playwright-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ALERT_PREFERENCES } from "../shared/alerts";
import { leads, users } from "../shared/schema";
import { unsubscribeToken } from "../server/core/alerts/unsubscribe-token";
import { loadConfig } from "../server/platform/config";
import { APP_MANIFEST, THEME_COLOUR } from "../shared/app-manifest";
import { startPushReceiver, type PushReceiver } from "../server/test/push-receiver";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { askForQuote } from "./support/quote";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

// The full Chromium: its headless shell offers no "Turn on alerts" (no Notification permission
// to grant, no push service), which is the journey below (docs/decisions/068).
const env = useServerAndBrowser({}, "full");
let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver?.close());

/** The page is controlled by the site's service worker (it claims the page on first install). */
async function controlledBy(context: BrowserContext, page: Page): Promise<Worker> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  expect(new URL(worker.url()).pathname).toBe("/sw.js");
  return worker;
}

/** What the tests use of the service worker's global scope (the Node test files have no WebWorker types). */
interface WorkerScope extends EventTarget {
  registration: { getNotifications(filter: { tag: string }): Promise<Array<Notification & { icon: string; badge: string }>> };
  PushEvent: new (type: string, init: { data: string }) => Event;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

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

describe("the Alerts dialog", () => {
  it("when a provider turns alerts on, then a new lead's push arrives encrypted, the worker shows it, a tap opens the lead ready to buy, and the device can be removed", async () => {
    const { context, page } = await openPage(env.browser, { viewport: DESKTOP, serviceWorkers: "allow" });
    await context.grantPermissions(["notifications"], { origin: env.server.url });
    const subscription = receiver.subscribe("dave-laptop");
    // The browser's subscribe, answered with the local receiver's subscription; remembered in
    // localStorage as a browser remembers its own, so getSubscription and unsubscribe agree.
    await context.addInitScript((fake: typeof subscription) => {
      const KEY = "test.pushSubscription";
      const asSubscription = (key: ArrayBuffer | null) => ({
        endpoint: fake.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key },
        toJSON: () => fake,
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          localStorage.setItem("test.unsubscribed", "yes");
          return true;
        },
      });
      const stored = () => localStorage.getItem(KEY);
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey as Uint8Array;
        localStorage.setItem(KEY, btoa(String.fromCharCode(...key)));
        return asSubscription(key.slice().buffer) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const key = stored();
        return key ? (asSubscription(Uint8Array.from(atob(key), (c) => c.charCodeAt(0)).buffer) as unknown as PushSubscription) : null;
      };
    }, subscription);
    await signInContext(context, env.server.url, "dave");
    await page.goto(env.server.url + "/dashboard");
    await page.getByText("Live Updates Active").waitFor();
    const worker = await controlledBy(context, page);

    await page.getByRole("button", { name: "Alerts" }).click();
    const dialog = page.getByRole("dialog", { name: "Alerts" });
    const added = page.waitForResponse((r) => r.url().endsWith("/api/alerts/devices") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Turn on alerts on this device" }).click();
    expect((await added).status()).toBe(201);
    await dialog.getByText("Alerts are on for this device").waitFor();
    const device = dialog.getByTestId("alert-device");
    await expect(device.textContent()).resolves.toMatch(/^Linux · Chrome · added \d{1,2} [A-Z][a-z]{2}this device/);

    // Preferences: e-mail too, a 45 km radius, quiet hours away from now (Sydney), 5 an hour.
    const hour = Number(new Intl.DateTimeFormat("en-AU", { timeZone: "Australia/Sydney", hour: "2-digit", hourCycle: "h23" }).format(new Date()));
    const quietStart = `${String((hour + 3) % 24).padStart(2, "0")}:00`;
    const quietEnd = `${String((hour + 5) % 24).padStart(2, "0")}:30`;
    await dialog.getByLabel("E-mail").check();
    await dialog.getByLabel("A custom distance from my base").check();
    await dialog.getByLabel("Radius in km").fill("45");
    await dialog.getByLabel("Quiet hours (Sydney time)").check();
    await dialog.getByLabel("Quiet hours start").fill(quietStart);
    await dialog.getByLabel("Quiet hours end").fill(quietEnd);
    await dialog.getByLabel("Urgent leads may break through").check();
    await dialog.getByLabel("Alerts an hour at most").fill("5");
    await lookAt(page, { path: "/tmp/shots/e2e-alerts-dialog-1280.png" });
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/alerts/preferences"));
    await dialog.getByRole("button", { name: "Save alert settings" }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: "detached" });

    await page.reload();
    await page.getByRole("button", { name: "Alerts" }).click();
    await expect(dialog.getByLabel("E-mail").isChecked()).resolves.toBe(true);
    await expect(dialog.getByLabel("Radius in km").inputValue()).resolves.toBe("45");
    await expect(dialog.getByLabel("Quiet hours start").inputValue()).resolves.toBe(quietStart);
    await expect(dialog.getByLabel("Quiet hours end").inputValue()).resolves.toBe(quietEnd);
    await expect(dialog.getByLabel("Urgent leads may break through").isChecked()).resolves.toBe(true);
    await expect(dialog.getByLabel("Alerts an hour at most").inputValue()).resolves.toBe("5");
    await page.keyboard.press("Escape");

    // A quote for Parramatta (inside Dave's 45 km): the server's push reaches the receiver.
    const before = receiver.received.length;
    const quote = await askForQuote(env.server.url, {
      serviceLocation: "12 Smith St, North Parramatta NSW 2151",
      electricalWork: "Isolator sparking, burning smell near the meter box",
      customerName: "Nina Alert",
      customerPhone: "0412345678",
    });
    expect(quote.status).toBe(201);
    const [push] = (await receiver.waitFor(before + 1, 15_000)).slice(before);
    expect(push!.path).toBe("/push/dave-laptop");
    expect(push!.vapid.signatureValid).toBe(true);
    const payload = push!.payload as { title: string; body: string; url: string; leadId: string; tag: string };
    expect(payload.url).toBe(`/dashboard?lead=${payload.leadId}`);
    expect(payload.tag).toBe(`lead-${payload.leadId}`);
    expect(payload.body).toMatch(/\$[\d.]+ now · free at \d{1,2}:\d{2} [ap]m/);
    expect(JSON.stringify(payload)).not.toContain("Nina Alert");

    // The worker's push handler shows it; a tap on it lands on the lead with the purchase dialog open.
    const shown = await worker.evaluate(async (data) => {
      const sw = self as unknown as WorkerScope;
      try {
        sw.dispatchEvent(new sw.PushEvent("push", { data: JSON.stringify(data) }));
      } catch {
        // waitUntil refuses a synthetic event; the handler has called showNotification by then.
      }
      // Up to 30 s: on a busy two-core machine the handler has been seen to take over the 5 s this
      // waited first, and on a slower one over 15 s (docs/decisions/126-a-browser-tests-own-limit.md).
      for (let i = 0; i < 300; i++) {
        const found = await sw.registration.getNotifications({ tag: data.tag });
        if (found.length) return found.map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, badge: n.badge, data: n.data as unknown }));
        await new Promise((r) => setTimeout(r, 100));
      }
      return [];
    }, payload);
    expect(shown).toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        icon: `${env.server.url}/icon-192.png`,
        badge: `${env.server.url}/badge-96.png`,
        data: { url: payload.url },
      },
    ]);
    await worker.evaluate(async (tag) => {
      const sw = self as unknown as WorkerScope;
      const [notification] = await sw.registration.getNotifications({ tag });
      try {
        sw.dispatchEvent(new sw.NotificationEvent("notificationclick", { notification: notification! }));
      } catch {
        // As above: the handler has started before waitUntil refuses.
      }
    }, payload.tag);
    await page.waitForURL(new RegExp(`/dashboard\\?lead=${payload.leadId}$`));
    const buy = page.getByRole("dialog", { name: "Purchase this lead" });
    await buy.getByTestId("dialog-price").waitFor();
    await buy.getByRole("button", { name: /^Buy for \$/ }).waitFor();
    await lookAt(page, { path: "/tmp/shots/e2e-alert-tap-1280.png" });
    // Closing the dialog leaves the market, the lead link gone from the address.
    await page.keyboard.press("Escape");
    await page.waitForURL(/\/dashboard$/);

    // Remove this device: the server forgets it and the browser's subscription is dropped.
    await page.getByRole("button", { name: "Alerts" }).click();
    const removed = page.waitForResponse((r) => r.url().includes("/api/alerts/devices/") && r.request().method() === "DELETE");
    await dialog.getByRole("button", { name: "Remove Linux · Chrome" }).click();
    expect((await removed).status()).toBe(204);
    await dialog.getByText("No device gets push alerts yet.").waitFor();
    await expect(page.evaluate(() => localStorage.getItem("test.unsubscribed"))).resolves.toBe("yes");
    await dialog.getByRole("button", { name: "Turn on alerts on this device" }).waitFor();

    // No API response was ever put in a cache.
    const cached = await page.evaluate(async () =>
      (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)))).flat(),
    );
    expect(cached.length).toBeGreaterThan(10);
    expect(cached.filter((url) => new URL(url).pathname.startsWith("/api/"))).toEqual([]);
  });

  it("when a provider opens the alert settings on a phone, then every tick box and choice is a row 44 px tall", async () => {
    const { context, page } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(context, env.server.url, "dave");
    await page.goto(env.server.url + "/dashboard");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Alerts", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Alerts" });
    await dialog.getByLabel("Quiet hours (Sydney time)").check();
    // The label is the target: a tap anywhere on the row ticks its box (docs/decisions/086).
    const rows = dialog.locator("label").filter({ has: page.locator("input[type=checkbox], input[type=radio]") });
    const count = await rows.count();
    expect(count).toBeGreaterThan(8);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      expect(Math.round((await row.boundingBox())!.height), (await row.textContent()) ?? "").toBeGreaterThanOrEqual(44);
    }
    await lookAt(page, { path: "/tmp/shots/e2e-alerts-settings-390.png", fullPage: true });
  });

  it("when a lead linked from an alert was sold meanwhile, then the dashboard says so and the filters stay", async () => {
    const { context, page } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(context, env.server.url, "dave");
    const [sold] = await env.server.db.select().from(leads).where(eq(leads.status, "sold")).limit(1);
    expect(sold).toBeDefined();
    await page.goto(`${env.server.url}/dashboard?scope=all&lead=${sold!.id}`);
    await page.getByText("That lead has already been bought").waitFor();
    await page.getByText("Another electrician got to it first.").waitFor();
    await lookAt(page, { path: "/tmp/shots/e2e-linked-sold-390.png" });
    await page.getByRole("button", { name: "OK" }).click();
    await page.waitForURL(/\/dashboard\?scope=all$/);
  });
});

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
