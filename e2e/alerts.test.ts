// The Alerts dialog in the browser (docs/decisions/029, 030); the installable app and the
// unsubscribe page have their own files. Chromium's own push service is on the internet, so the page's
// PushManager.subscribe is replaced by one returning a subscription whose endpoint is a
// local receiver with a real P-256 key pair (server/test/push-receiver.ts): the server's real
// encrypted push reaches it and is decrypted. The service worker's push and notificationclick
// handlers are exercised by dispatching those events in the worker.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../shared/schema";
import { startPushReceiver, type PushReceiver } from "../server/test/push-receiver";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { askForQuote } from "./support/quote";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";
import { controlledBy } from "./support/service-worker";

// The full Chromium: its headless shell offers no "Turn on alerts" (no Notification permission
// to grant, no push service), which is the journey below (docs/decisions/068).
const env = useServerAndBrowser({}, "full");
let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver?.close());

/** What the tests use of the service worker's global scope (the Node test files have no WebWorker types). */
interface WorkerScope extends EventTarget {
  registration: { getNotifications(filter: { tag: string }): Promise<Array<Notification & { icon: string; badge: string }>> };
  PushEvent: new (type: string, init: { data: string }) => Event;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

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
      customerPhone: "0412579246",
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
