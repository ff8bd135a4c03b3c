// The rules of new-lead alerts (docs/decisions/029), stepped by hand (the worker is not started; app.alerts.runOnce() runs
// every step until nothing is due) on a clock the test moves: at most once per device per
// lead; area, type and urgency; quiet hours in Sydney time; the hourly cap and its digest;
// sold before send; 410 removes the device; 500 is retried with backoff.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ALERT_PREFERENCES, type AlertPreferences } from "../../../shared/alerts";
import { alertDeliveries, alertOutbox, leads, pushDevices } from "../../../shared/schema";
import { createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { startPushReceiver, type PushReceiver, type ReceivedPush } from "../../test/push-receiver";
import { signIn } from "../../test/sign-in";
import { matchPendingLeads } from "./queue-repo";
import { parramatta, postQuote, subscribedUser } from "./test/alerts";

// 11 pm in Sydney (AEST, UTC+10) on a Monday.
let clock = new Date("2025-09-01T13:00:00.000Z");
const ctx = useTestApp({ suburbs: true, now: () => clock, startAlertWorker: false, env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "1000" } });
let receiver: PushReceiver;

beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

const at = (iso: string) => {
  clock = new Date(iso);
};
const pushesTo = (endpoint: string): ReceivedPush[] => receiver.received.filter((r) => endpoint.endsWith(r.path));
const leadIdOf = async (jobReference: string) => (await ctx.db.select({ id: leads.id }).from(leads).where(eq(leads.jobReference, jobReference)))[0]!.id;

async function provider(prefs: Partial<AlertPreferences> = {}, place?: Awaited<ReturnType<typeof parramatta>>) {
  const made = await subscribedUser(ctx.app, ctx.db, receiver, place ?? (await parramatta(ctx.db)));
  if (Object.keys(prefs).length) expect((await made.agent.put("/api/alerts/preferences").send({ ...DEFAULT_ALERT_PREFERENCES, ...prefs })).status).toBe(200);
  return made;
}

async function newLead(overrides: Parameters<typeof postQuote>[1] = {}) {
  const { jobReference } = await postQuote(ctx.app, overrides);
  return leadIdOf(jobReference);
}

describe("who is alerted", () => {
  it("when a lead arrives, then each matching device gets it once, ever, even if its outbox row is processed again", async () => {
    at("2025-09-01T02:00:00.000Z");
    const { subscription, agent } = await provider();
    const second = receiver.subscribe();
    expect((await agent.post("/api/alerts/devices").send({ subscription: second, label: "Tablet" })).status).toBe(201);
    const leadId = await newLead();
    await ctx.app.alerts.runOnce();
    await ctx.app.alerts.runOnce();
    // A crashed matcher's row claimed again: the unique (lead, device) keys keep it to one delivery.
    await ctx.db.update(alertOutbox).set({ doneAt: null }).where(eq(alertOutbox.leadId, leadId));
    await ctx.app.alerts.runOnce();
    expect(pushesTo(subscription.endpoint).filter((p) => (p.payload as { leadId: string }).leadId === String(leadId))).toHaveLength(1);
    expect(pushesTo(second.endpoint).filter((p) => (p.payload as { leadId: string }).leadId === String(leadId))).toHaveLength(1);
  });

  it("when providers are out of the area, want other types or only urgent leads, then they get nothing; the team member of a matching owner does", async () => {
    at("2025-09-01T02:00:00.000Z");
    const perth = { serviceLocation: "Perth WA 6000", serviceLatitude: "-31.95224000", serviceLongitude: "115.86140000", serviceRadius: 100 };
    const far = await provider({}, perth);
    const otherTypes = await provider({ serviceTypes: ["installation", "inspection"] });
    const urgentOnly = await provider({ urgentOnly: true });
    const wideRadius = await provider({ area: "radius", radiusKm: 500 }, { ...perth, serviceRadius: 5 });
    const wants = await provider({ serviceTypes: ["repair"], urgentOnly: true, area: "radius", radiusKm: 5 });
    const owner = await createUser(ctx.db, await parramatta(ctx.db));
    const member = await subscribedUser(ctx.app, ctx.db, receiver, { userType: "team_member", teamOwnerId: owner.id });

    const leadId = await newLead({ serviceType: "repair", urgency: "within_24h" });
    await ctx.app.alerts.runOnce();
    const got = (who: { subscription: { endpoint: string } }) =>
      pushesTo(who.subscription.endpoint).some((p) => (p.payload as { leadId: string }).leadId === String(leadId));
    expect({
      far: got(far),
      otherTypes: got(otherTypes),
      urgentOnly: got(urgentOnly),
      wideRadius: got(wideRadius),
      wants: got(wants),
      member: got(member),
    }).toEqual({
      far: false,
      otherTypes: false,
      urgentOnly: false,
      wideRadius: false, // Perth to Parramatta is over 3,000 km
      wants: false, // not urgent
      member: true,
    });

    const urgentLead = await newLead({ serviceType: "repair", urgency: "emergency" });
    await ctx.app.alerts.runOnce();
    const gotUrgent = (who: { subscription: { endpoint: string } }) =>
      pushesTo(who.subscription.endpoint).some((p) => (p.payload as { leadId: string }).leadId === String(urgentLead));
    expect({ urgentOnly: gotUrgent(urgentOnly), wants: gotUrgent(wants), otherTypes: gotUrgent(otherTypes) }).toEqual({
      urgentOnly: true,
      wants: true,
      otherTypes: false,
    });
  });
});

describe("a team's own customer", () => {
  it("when a quote's mobile is a team member's, however typed, then neither the owner's nor the member's phone is alerted; another provider's is", async () => {
    at("2025-09-01T02:00:00.000Z");
    const owner = await provider({});
    const member = await subscribedUser(ctx.app, ctx.db, receiver, { userType: "team_member", teamOwnerId: owner.user.id, phone: "0413 777 222" });
    const rival = await provider({});
    const leadId = await newLead({ customerPhone: "+61 413 777 222" });
    await ctx.app.alerts.runOnce();
    const got = (who: { subscription: { endpoint: string } }) =>
      pushesTo(who.subscription.endpoint).some((p) => (p.payload as { leadId: string }).leadId === String(leadId));
    expect({ owner: got(owner), member: got(member), rival: got(rival) }).toEqual({ owner: false, member: false, rival: true });
  });
});

describe("quiet hours (Sydney time)", () => {
  it("when a lead arrives at 11 pm inside 22:00-07:00, then it waits until 7 am; an urgent one breaks through when chosen", async () => {
    at("2025-09-01T13:00:00.000Z"); // 11 pm AEST
    const sleeper = await provider({ quietHours: { start: "22:00", end: "07:00" } });
    const onCall = await provider({ quietHours: { start: "22:00", end: "07:00" }, urgentBreaksQuiet: true });
    const quiet = await newLead({ urgency: "within_week", serviceType: "repair" });
    const urgent = await newLead({ urgency: "emergency" });
    await ctx.app.alerts.runOnce();
    const leadsFor = (who: { subscription: { endpoint: string } }) => pushesTo(who.subscription.endpoint).map((p) => (p.payload as { leadId: string }).leadId);
    expect(leadsFor(sleeper)).toEqual([]);
    expect(leadsFor(onCall)).toEqual([String(urgent)]);

    at("2025-09-01T20:59:00.000Z"); // 6:59 am
    await ctx.app.alerts.runOnce();
    expect(leadsFor(sleeper)).toEqual([]);

    at("2025-09-01T21:00:00.000Z"); // 7:00 am: both leads are still on sale (free by now)
    await ctx.app.alerts.runOnce();
    expect(leadsFor(sleeper).sort()).toEqual([String(quiet), String(urgent)].sort());
    expect(leadsFor(onCall).sort()).toEqual([String(quiet), String(urgent)].sort());
  });
});

describe("the hourly cap and its digest", () => {
  it("when more leads arrive than the cap, then the rest are held and one digest later lists those still on sale", async () => {
    at("2025-09-02T02:00:00.000Z");
    const capped = await provider({ maxPerHour: 2 });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(await newLead());
      await ctx.app.alerts.runOnce();
    }
    const mine = () => pushesTo(capped.subscription.endpoint).map((p) => p.payload as { leadId?: string; tag: string; title: string; body: string });
    expect(mine().map((p) => p.leadId)).toEqual([String(ids[0]), String(ids[1])]);

    // One of the held leads is sold before the digest.
    await ctx.db.update(leads).set({ status: "sold" }).where(eq(leads.id, ids[3]!));
    at("2025-09-02T02:14:00.000Z");
    await ctx.app.alerts.runOnce();
    expect(mine()).toHaveLength(2); // still gathering

    at("2025-09-02T02:16:00.000Z");
    await ctx.app.alerts.runOnce();
    await ctx.app.alerts.runOnce();
    const digest = mine()[2]!;
    expect(mine()).toHaveLength(3);
    expect(digest).toEqual({
      title: "2 more new leads (2 urgent)",
      body: "Emergency in Parramatta, Emergency in Parramatta",
      url: "/dashboard",
      tag: "digest",
    });

    // Within the hour a new lead over the cap waits for the next digest, an hour after this one.
    ids.push(await newLead());
    at("2025-09-02T02:40:00.000Z");
    await ctx.app.alerts.runOnce();
    expect(mine()).toHaveLength(3);
    at("2025-09-02T03:17:00.000Z");
    await ctx.app.alerts.runOnce();
    // By now the first two alerts left the hour: the cap has room, but the held one stays for its digest.
    expect(mine().slice(3)).toEqual([expect.objectContaining({ tag: "digest", title: "1 more new lead (1 urgent)" })]);
  });
});

describe("a batch of the queue", () => {
  it("when leads in different places and of different types wait together, then one matching pass gives each lead only its own providers", async () => {
    at("2025-09-01T03:00:00.000Z");
    const perth = { serviceLocation: "Perth WA 6000", serviceLatitude: "-31.95224000", serviceLongitude: "115.86140000", serviceRadius: 50 };
    const inPerth = await provider({ serviceTypes: ["installation"] }, perth);
    const inParramatta = await provider({ serviceTypes: ["repair", "installation"] });
    const perthInstall = await newLead({ serviceLocation: "Perth WA 6000", serviceType: "installation" });
    await newLead({ serviceLocation: "Perth WA 6000", serviceType: "repair" });
    const parramattaRepair = await newLead({ serviceType: "repair" });
    await newLead({ serviceType: "maintenance" });
    expect(await matchPendingLeads(ctx.db, clock)).toBe(4);
    const leadsOf = async (userId: number) =>
      (await ctx.db.select({ leadId: alertDeliveries.leadId }).from(alertDeliveries).where(eq(alertDeliveries.userId, userId))).map((d) => d.leadId).sort();
    expect({ perth: await leadsOf(inPerth.user.id), parramatta: await leadsOf(inParramatta.user.id) }).toEqual({
      perth: [perthInstall],
      parramatta: [parramattaRepair],
    });
    // Sends what the batch queued: the tests below count only their own providers' pushes.
    await ctx.app.alerts.runOnce();
  });
});

describe("at send time", () => {
  it("when the lead is sold between matching and sending, then nothing is sent", async () => {
    at("2025-09-03T02:00:00.000Z");
    const { subscription } = await provider();
    const leadId = await newLead();
    await matchPendingLeads(ctx.db, clock);
    const [delivery] = await ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.leadId, leadId));
    expect(delivery?.status).toBe("pending");
    await ctx.db.update(leads).set({ status: "sold" }).where(eq(leads.id, leadId));
    await ctx.app.alerts.runOnce();
    expect(pushesTo(subscription.endpoint)).toEqual([]);
    const [after] = await ctx.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.leadId, leadId), eq(alertDeliveries.deviceId, delivery!.deviceId!)));
    expect(after!.status).toBe("dropped");
  });

  it("when the push service answers 410, then the device is deleted", async () => {
    at("2025-09-03T03:00:00.000Z");
    const { subscription, device, agent } = await provider();
    receiver.answerWith((path) => (subscription.endpoint.endsWith(path) ? 410 : 201));
    try {
      await newLead();
      await ctx.app.alerts.runOnce();
    } finally {
      receiver.answerWith(() => 201);
    }
    expect(pushesTo(subscription.endpoint).map((p) => p.status)).toEqual([410]);
    expect(await ctx.db.select().from(pushDevices).where(eq(pushDevices.id, device.id))).toEqual([]);
    expect((await agent.get("/api/alerts/settings")).body.devices).toEqual([]);
  });

  it("when the push service answers 500, then the alert is retried after a backoff and arrives", async () => {
    at("2025-09-03T04:00:00.000Z");
    const { subscription } = await provider();
    receiver.answerWith((path, attempt) => (subscription.endpoint.endsWith(path) && attempt === 1 ? 500 : 201));
    try {
      const leadId = await newLead();
      await ctx.app.alerts.runOnce();
      expect(pushesTo(subscription.endpoint).map((p) => p.status)).toEqual([500]);
      await ctx.app.alerts.runOnce(); // not due yet
      expect(pushesTo(subscription.endpoint)).toHaveLength(1);
      at("2025-09-03T04:00:10.000Z");
      await ctx.app.alerts.runOnce();
      expect(pushesTo(subscription.endpoint).map((p) => [p.status, (p.payload as { leadId: string }).leadId])).toEqual([
        [500, String(leadId)],
        [201, String(leadId)],
      ]);
    } finally {
      receiver.answerWith(() => 201);
    }
  });
});

describe("signing in is not needed by the worker", () => {
  it("when a provider never opened the dialog but has a device, then the defaults apply (push on, all types, their area)", async () => {
    at("2025-09-04T02:00:00.000Z");
    const user = await createUser(ctx.db, await parramatta(ctx.db));
    const agent = await signIn(ctx.server, user.username);
    const subscription = receiver.subscribe();
    await agent.post("/api/alerts/devices").send({ subscription, label: "Phone" });
    const leadId = await newLead({ serviceType: "maintenance", urgency: "flexible" });
    await ctx.app.alerts.runOnce();
    expect(pushesTo(subscription.endpoint).map((p) => (p.payload as { leadId: string }).leadId)).toEqual([String(leadId)]);
  });
});
