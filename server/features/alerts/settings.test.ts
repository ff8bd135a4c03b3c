// The HTTP contract for the Alerts dialog and the one-click unsubscribe
// (docs/decisions/029-new-lead-alerts.md).
import request from "supertest";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_MESSAGES, DEFAULT_ALERT_PREFERENCES } from "../../../shared/alerts";
import { createApp } from "../../app";
import { createUser, TEST_PASSWORD } from "../../setup/factories";
import { PRODUCTION_ENV, testConfig, useTestApp, withTestApp } from "../../test/app";
import { startPushReceiver, type PushReceiver } from "../../test/push-receiver";
import { createCast, signIn } from "../../test/sign-in";
import { ENDPOINT_MESSAGES, MAX_DEVICES_PER_USER } from "../../core/alerts/endpoints";
import { unsubscribeToken } from "../../core/alerts/unsubscribe-token";

const ctx = useTestApp({ startAlertWorker: false });
let cast: Awaited<ReturnType<typeof createCast>>;
let receiver: PushReceiver;

beforeAll(async () => {
  cast = await createCast(ctx);
  receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

const prefs = {
  ...DEFAULT_ALERT_PREFERENCES,
  emailEnabled: true,
  area: "radius",
  radiusKm: 35,
  serviceTypes: ["repair", "emergency"],
  urgentOnly: true,
  quietHours: { start: "22:00", end: "07:00" },
  urgentBreaksQuiet: true,
  maxPerHour: 4,
};

describe("GET /api/alerts/settings and PUT /api/alerts/preferences", () => {
  it("when a provider has saved nothing, then push is available with the VAPID key, the defaults and no devices", async () => {
    const res = await cast.agents.rival.get("/api/alerts/settings");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pushAvailable: true,
      vapidPublicKey: expect.stringMatching(/^B[\w-]{86}$/),
      preferences: DEFAULT_ALERT_PREFERENCES,
      devices: [],
    });
  });

  it("when preferences are saved, then they come back and the settings show them", async () => {
    const put = await cast.agents.owner.put("/api/alerts/preferences").send(prefs);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(prefs);
    expect((await cast.agents.owner.get("/api/alerts/settings")).body.preferences).toEqual(prefs);
  });

  it("when the area is the service area, then a radius sent along is dropped", async () => {
    const res = await cast.agents.member.put("/api/alerts/preferences").send({ ...DEFAULT_ALERT_PREFERENCES, radiusKm: 40 });
    expect(res.status).toBe(200);
    expect(res.body.radiusKm).toBeNull();
  });

  it.each([
    ["a radius area without a radius", { area: "radius", radiusKm: null }, "radiusKm"],
    ["a radius of 501 km", { area: "radius", radiusKm: 501 }, "radiusKm"],
    ["61 an hour", { maxPerHour: 61 }, "maxPerHour"],
    ["0 an hour", { maxPerHour: 0 }, "maxPerHour"],
    ["quiet hours at 25:00", { quietHours: { start: "25:00", end: "07:00" } }, "quietHours.start"],
    ["an unknown service type", { serviceTypes: ["plumbing"] }, "serviceTypes.0"],
    ["a missing field", { pushEnabled: undefined }, "pushEnabled"],
  ])("when the preferences have %s, then 400 naming the field", async (_name, change, field) => {
    const res = await cast.agents.owner.put("/api/alerts/preferences").send({ ...DEFAULT_ALERT_PREFERENCES, ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty([field]);
  });

  it("when a customer, the super admin or nobody asks, then 403, 403 and 401", async () => {
    expect((await cast.agents.customer.get("/api/alerts/settings")).status).toBe(403);
    expect((await cast.agents.admin.put("/api/alerts/preferences").send(DEFAULT_ALERT_PREFERENCES)).status).toBe(403);
    expect((await request(ctx.server).get("/api/alerts/settings")).status).toBe(401);
  });
});

describe("POST and DELETE /api/alerts/devices", () => {
  it("when a device subscribes, then 201 with its id, label and time, and the dialog lists it", async () => {
    const subscription = receiver.subscribe();
    const res = await cast.agents.member.post("/api/alerts/devices").send({ subscription, label: "Pixel 8 · Chrome" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), label: "Pixel 8 · Chrome", createdAt: expect.any(String) });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect((await cast.agents.member.get("/api/alerts/settings")).body.devices).toEqual([res.body]);
  });

  it("when the same browser subscribes again, then the same device is updated; when another user does, then it moves to them", async () => {
    const subscription = receiver.subscribe();
    const first = await cast.agents.owner.post("/api/alerts/devices").send({ subscription, label: "iPhone" });
    const again = await cast.agents.owner.post("/api/alerts/devices").send({ subscription, label: "iPhone 15 · Safari" });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...first.body, label: "iPhone 15 · Safari" });

    const moved = await cast.agents.rival.post("/api/alerts/devices").send({ subscription, label: "Shared tablet" });
    expect(moved.body.id).toBe(first.body.id);
    expect((await cast.agents.owner.get("/api/alerts/settings")).body.devices.map((d: { id: string }) => d.id)).not.toContain(first.body.id);
    expect((await cast.agents.rival.get("/api/alerts/settings")).body.devices).toEqual([moved.body]);
  });

  it("when a device is removed, then 204; when it is someone else's or unknown, then 404", async () => {
    const mine = await cast.agents.owner.post("/api/alerts/devices").send({ subscription: receiver.subscribe(), label: "Laptop" });
    expect((await cast.agents.rival.delete(`/api/alerts/devices/${mine.body.id}`)).status).toBe(404);
    expect((await cast.agents.owner.delete("/api/alerts/devices/not-a-device")).status).toBe(404);
    expect((await cast.agents.owner.delete(`/api/alerts/devices/${mine.body.id}`)).status).toBe(204);
    expect((await cast.agents.owner.delete(`/api/alerts/devices/${mine.body.id}`)).status).toBe(404);
  });

  it.each([
    ["an endpoint that is not a URL", { endpoint: "nope" }],
    ["a key that is not a P-256 point", { keys: { p256dh: "abc", auth: "u9wNVMbeJ34Qjrj_YSyQ1g" } }],
  ])("when the subscription has %s, then 400", async (_name, change) => {
    const res = await cast.agents.owner.post("/api/alerts/devices").send({ subscription: { ...receiver.subscribe(), ...change }, label: "x" });
    expect(res.status).toBe(400);
  });

  it("when the label is empty or longer than 80, then 400", async () => {
    for (const label of ["  ", "x".repeat(81)]) {
      expect((await cast.agents.owner.post("/api/alerts/devices").send({ subscription: receiver.subscribe(), label })).status).toBe(400);
    }
  });
});

describe("VAPID keys", () => {
  it("when a second app starts on the same database, then it signs with the same generated key", async () => {
    const first = (await cast.agents.owner.get("/api/alerts/settings")).body.vapidPublicKey;
    const other = createApp({ database: ctx.database, config: testConfig(), startAlertWorker: false });
    try {
      const agent = await signIn(other, cast.people.owner.username);
      expect((await agent.get("/api/alerts/settings")).body.vapidPublicKey).toBe(first);
    } finally {
      await other.close();
    }
  });

  it("when production has no keys, then push is off: pushAvailable false and a subscription is 503", async () => {
    await withTestApp({ env: { ...PRODUCTION_ENV, TRUST_PROXY: "1", LOG_LEVEL: "silent" }, startAlertWorker: false }, async (prod) => {
      const user = await createUser(prod.db);
      // The session cookie is Secure in production: signed in over "https" behind a proxy.
      const login = await request(prod.app)
        .post("/api/auth/login")
        .set("X-Forwarded-Proto", "https")
        .send({ username: user.username, password: TEST_PASSWORD });
      const cookie = String(login.headers["set-cookie"]?.[0]).split(";")[0]!;
      const settings = await request(prod.app).get("/api/alerts/settings").set("X-Forwarded-Proto", "https").set("Cookie", cookie);
      expect(settings.body).toMatchObject({ pushAvailable: false, vapidPublicKey: null });
      const res = await request(prod.app)
        .post("/api/alerts/devices")
        .set("X-Forwarded-Proto", "https")
        .set("Cookie", cookie)
        .send({ subscription: { ...receiver.subscribe(), endpoint: "https://push.example.com/x" }, label: "Phone" });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(ALERT_MESSAGES.pushOff);
    });
  });
});

describe("which push endpoints the server posts to (SSRF) and how many devices", () => {
  it("when production is given an endpoint that is not a real push service, then 400; FCM is accepted", async () => {
    const keys = webpush.generateVAPIDKeys();
    const env = { ...PRODUCTION_ENV, TRUST_PROXY: "1", LOG_LEVEL: "silent", VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    await withTestApp({ env, startAlertWorker: false }, async (prod) => {
      const user = await createUser(prod.db);
      const login = await request(prod.app)
        .post("/api/auth/login")
        .set("X-Forwarded-Proto", "https")
        .send({ username: user.username, password: TEST_PASSWORD });
      const cookie = String(login.headers["set-cookie"]?.[0]).split(";")[0]!;
      const subscribe = (endpoint: string) =>
        request(prod.app)
          .post("/api/alerts/devices")
          .set("X-Forwarded-Proto", "https")
          .set("Cookie", cookie)
          .send({ subscription: { ...receiver.subscribe(), endpoint }, label: "Phone" });
      for (const endpoint of [
        "https://127.0.0.1/push/x",
        "https://10.0.0.1/push/x",
        "https://evil.example.com/fcm/send/abc",
        "https://fcm.googleapis.com.evil.example.com/fcm/send/abc",
        "https://fcm.googleapis.com:8443/fcm/send/abc",
        "http://fcm.googleapis.com/fcm/send/abc",
        "https://push.apple.com.evil.example.com/x",
      ]) {
        const res = await subscribe(endpoint);
        expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 400 });
        expect(res.body.message).toBe(ENDPOINT_MESSAGES.notPushService);
      }
      expect((await subscribe("https://fcm.googleapis.com/fcm/send/abc")).status).toBe(201);
      expect((await subscribe("https://web.push.apple.com/QGuQyavXutnMH")).status).toBe(201);
      expect((await subscribe("https://updates.push.services.mozilla.com/wpush/v2/gAAAA")).status).toBe(201);
      expect((await subscribe("https://wns2-par02p.notify.windows.com/w/?token=BQYAAA")).status).toBe(201);
    });
  });

  it(`when a user has ${MAX_DEVICES_PER_USER} devices, then an 11th is refused with a clear message; re-registering one still works`, async () => {
    const user = await createUser(ctx.db);
    const agent = await signIn(ctx.server, user.username);
    const subscriptions = Array.from({ length: MAX_DEVICES_PER_USER }, () => receiver.subscribe());
    for (const subscription of subscriptions) expect((await agent.post("/api/alerts/devices").send({ subscription, label: "Phone" })).status).toBe(201);
    const eleventh = await agent.post("/api/alerts/devices").send({ subscription: receiver.subscribe(), label: "One too many" });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe("You can have at most 10 devices; remove one first");
    expect((await agent.post("/api/alerts/devices").send({ subscription: subscriptions[3], label: "Renamed" })).status).toBe(201);
    const { devices } = (await agent.get("/api/alerts/settings")).body as { devices: Array<{ id: string; label: string }> };
    expect(devices).toHaveLength(MAX_DEVICES_PER_USER);
    expect(devices.map((d) => d.label)).toContain("Renamed");
    expect((await agent.delete(`/api/alerts/devices/${devices[0]!.id}`)).status).toBe(204);
    expect((await agent.post("/api/alerts/devices").send({ subscription: receiver.subscribe(), label: "Now fits" })).status).toBe(201);
  });
});

describe("POST /api/alerts/unsubscribe (RFC 8058 one-click)", () => {
  const tokenOf = (userId: number) => unsubscribeToken(ctx.config.sessionSecret, userId);
  const emailOn = async (agent: typeof cast.agents.owner) => (await agent.get("/api/alerts/settings")).body.preferences.emailEnabled as boolean;

  it("when a mail client posts the one-click form without an Origin, then e-mail alerts are off and nothing else changed", async () => {
    await cast.agents.owner.put("/api/alerts/preferences").send(prefs);
    const res = await request(ctx.server)
      .post(`/api/alerts/unsubscribe?token=${encodeURIComponent(tokenOf(cast.people.owner.id))}`)
      .type("form")
      .send("List-Unsubscribe=One-Click");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "You will no longer get new-lead e-mails." });
    expect((await cast.agents.owner.get("/api/alerts/settings")).body.preferences).toEqual({ ...prefs, emailEnabled: false });
  });

  it("when the page posts JSON with the token in the body, then e-mail alerts are off", async () => {
    await cast.agents.member.put("/api/alerts/preferences").send({ ...DEFAULT_ALERT_PREFERENCES, emailEnabled: true });
    const res = await request(ctx.server)
      .post("/api/alerts/unsubscribe")
      .send({ token: tokenOf(cast.people.member.id) });
    expect(res.status).toBe(200);
    expect(await emailOn(cast.agents.member)).toBe(false);
  });

  it("when the link is only fetched (a link scanner's GET), then nothing changes", async () => {
    await cast.agents.member.put("/api/alerts/preferences").send({ ...DEFAULT_ALERT_PREFERENCES, emailEnabled: true });
    const res = await request(ctx.server).get(`/api/alerts/unsubscribe?token=${encodeURIComponent(tokenOf(cast.people.member.id))}`);
    expect(res.status).toBe(404);
    expect(await emailOn(cast.agents.member)).toBe(true);
  });

  it.each([
    ["tampered", (t: string) => `${t.slice(0, -2)}xx`],
    ["for another user with this signature", (t: string) => t.replace(/^\d+/, "1")],
    ["missing", () => ""],
    ["garbage", () => "hello"],
  ])("when the token is %s, then 400 and nothing changes", async (_name, spoil) => {
    await cast.agents.member.put("/api/alerts/preferences").send({ ...DEFAULT_ALERT_PREFERENCES, emailEnabled: true });
    const res = await request(ctx.server)
      .post("/api/alerts/unsubscribe")
      .send({ token: spoil(tokenOf(cast.people.member.id)) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ALERT_MESSAGES.badToken);
    expect(await emailOn(cast.agents.member)).toBe(true);
  });
});
