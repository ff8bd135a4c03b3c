// "No one has contacted me" on the job page, over HTTP on either database (docs/decisions/049-
// missed-promises-and-refunds.md, "A missed promise"): refused before the promise; with nothing
// logged, the purchase is released and the lead relisted, hidden from its buyer in the market,
// the stream, alerts and the purchase route, and alerted to everyone else; with attempts logged,
// a case for the operator.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_ACTION_MESSAGES } from "../../../shared/job-aftercare";
import type { JobView } from "../../../shared/jobs";
import { MARKET_MESSAGES } from "../../../shared/market-messages";
import type { PurchasedLead } from "../../../shared/pipeline";
import {
  alertDeliveries,
  alertPreferences,
  alertOutbox,
  leadExclusions,
  leadPurchases,
  leads,
  marketEvents,
  operatorReviews,
  outboxMessages,
} from "../../../shared/schema";
import { createUser } from "../../setup/factories";
import { parramatta, QUOTE, subscribedUser } from "../../core/alerts/test/alerts";
import { createTestApp, type TestApp } from "../../test/app";
import { logAttempt } from "../../test/job-links";
import { listenOn, openMarketStream, sessionCookie } from "../../test/market-stream";
import { startPushReceiver, type PushReceiver } from "../../test/push-receiver";

// Monday 23 November 2026, 12:00 in Sydney; every request reads this clock.
const clock = { now: new Date("2026-11-23T01:00:00.000Z") };
const later = (minutes: number) => (clock.now = new Date(clock.now.getTime() + minutes * 60_000));

let ctx: TestApp;
let receiver: PushReceiver;
let buyer: Awaited<ReturnType<typeof subscribedUser>>;
let rival: Awaited<ReturnType<typeof subscribedUser>>;

beforeAll(async () => {
  receiver = await startPushReceiver();
  ctx = await createTestApp({
    suburbs: true,
    now: () => clock.now,
    startAlertWorker: false,
    env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "1000", RATE_LIMIT_JOB_PAGE_PER_IP: "100000" },
  });
  const place = await parramatta(ctx.db);
  buyer = await subscribedUser(ctx.app, ctx.db, receiver, place, "Buyer's phone");
  rival = await subscribedUser(ctx.app, ctx.db, receiver, place, "Rival's phone");
});
afterAll(async () => {
  await ctx.destroy();
  await receiver.close();
});

/**
 * An emergency quote in Parramatta (promised within 30 minutes, day or night), bought by the
 * buyer now; with `alerted`, matched and alerted first (its first listing).
 */
async function soldRequest({ alerted = false } = {}) {
  const quote = await request(ctx.server).post("/api/leads").send(QUOTE);
  expect(quote.status).toBe(201);
  if (alerted) await ctx.app.alerts.runOnce();
  const token = (quote.body.jobUrl as string).slice("/job/".length);
  const [lead] = await ctx.db
    .select()
    .from(leads)
    .where(eq(leads.jobReference, quote.body.jobReference as string));
  const sale = await buyer.agent.post(`/api/leads/${lead!.id}/purchase`).send({ paymentStatus: "completed" });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  return { token, leadId: lead!.id, purchaseId: sale.body.purchase.id as number };
}

const page = async (token: string) => (await request(ctx.server).get(`/api/jobs/${token}`)).body as JobView;
const report = (token: string) => request(ctx.server).post(`/api/jobs/${token}/not-contacted`).send({});
const marketIds = async (agent: request.Agent) => ((await agent.get("/api/leads?scope=all")).body.leads as Array<{ id: number }>).map((l) => l.id);

describe("before the promise", () => {
  it("when the promise has not passed, then the page offers only close and a report is refused with the time", async () => {
    const { token, purchaseId } = await soldRequest();
    later(29);
    expect((await page(token)).actions).toEqual(["add_photos", "close"]);
    const res = await report(token);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Your electrician has until \d{1,2}:\d{2} [ap]m .+ to contact you/);
    const [purchase] = await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, purchaseId));
    expect(purchase!.releasedAt).toBeNull();
  });
});

describe("after the promise, with nothing logged", () => {
  it("when the customer reports it, then the lead is relisted at once as a new listing, hidden from its buyer everywhere and alerted to everyone else", async () => {
    const { token, leadId, purchaseId } = await soldRequest();
    await ctx.app.alerts.runOnce();
    receiver.received.length = 0;
    const server = await listenOn(ctx.app);
    const buyerStream = await openMarketStream(server.url, await sessionCookie(server.url, buyer.user.username));
    const rivalStream = await openMarketStream(server.url, await sessionCookie(server.url, rival.user.username));
    await Promise.all([buyerStream.ready(), rivalStream.ready()]);
    try {
      later(31);
      expect((await page(token)).actions).toEqual(["not_contacted", "add_photos", "close"]);
      const relistedAt = clock.now;
      const res = await report(token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const view = res.body as JobView;
      expect(view.status).toBe("finding");
      expect(view.electrician).toBeNull();
      expect(view.notContacted).toEqual({ outcome: "relisted", at: relistedAt.toISOString() });
      expect(view.actions).toEqual(["add_photos", "close"]);

      // The purchase is history, the lead a fresh auction on its second listing, the buyer kept from it.
      const [purchase] = await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, purchaseId));
      expect(purchase).toMatchObject({ releaseReason: "missed_promise", releasedAt: relistedAt, paymentStatus: "completed" });
      const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
      expect(lead).toMatchObject({ status: "available", listing: 2, auctionStartedAt: relistedAt, isArchived: false });
      expect(await ctx.db.select().from(leadExclusions).where(eq(leadExclusions.leadId, leadId))).toMatchObject([{ userId: buyer.user.id }]);
      expect(await ctx.db.select().from(alertOutbox).where(eq(alertOutbox.leadId, leadId))).toHaveLength(2);
      const sms = await ctx.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.event, `promise.missed:${purchaseId}`));
      expect(sms.find((m) => m.channel === "sms")?.payload).toMatchObject({ text: expect.stringContaining("finding you another licensed electrician") });

      // The market: the rival sees it, its buyer does not, nor through a link to it, nor can they buy it.
      expect(await marketIds(rival.agent)).toContain(leadId);
      expect(await marketIds(buyer.agent)).not.toContain(leadId);
      expect((await buyer.agent.get(`/api/leads/${leadId}/listing`)).body).toMatchObject({ status: "gone", lead: null });
      const again = await buyer.agent.post(`/api/leads/${leadId}/purchase`).send({ paymentStatus: "completed" });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(MARKET_MESSAGES.notFound);

      // The stream: lead.added for the rival; the buyer hears only what came after (the rival's purchase).
      await rivalStream.waitFor((e) => e.event === "lead.added" && (e.data as { lead: { id: number } }).lead.id === leadId);
      const bought = await rival.agent.post(`/api/leads/${leadId}/purchase`).send({ paymentStatus: "completed" });
      expect(bought.status).toBe(201);
      await buyerStream.waitFor((e) => e.event === "lead.removed" && (e.data as { id: number }).id === leadId);
      expect(buyerStream.events.filter((e) => e.event === "lead.added")).toEqual([]);

      // The buyer's board keeps it as lost, without the customer's contact details; no refund.
      const board = (await buyer.agent.get("/api/my-purchased-leads")).body as PurchasedLead[];
      const lost = board.find((p) => p.id === purchaseId);
      expect(lost).toMatchObject({ releaseReason: "missed_promise", paymentStatus: "completed", lead: { customerPhone: "", customerAddress: null } });
    } finally {
      buyerStream.close();
      rivalStream.close();
      await server.close();
    }
  });

  it("when the relisted lead is matched, then every device but its buyer's is alerted to the new listing", async () => {
    const { token, leadId } = await soldRequest({ alerted: true });
    later(31);
    expect((await report(token)).status).toBe(200);
    receiver.received.length = 0;
    await ctx.app.alerts.runOnce();
    const listing2 = await ctx.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.leadId, leadId), eq(alertDeliveries.listing, 2)));
    expect(listing2.map((d) => d.userId)).toEqual([rival.user.id]);
    expect(listing2[0]!.status).toBe("sent");
    // Listing 1 reached both; listing 2 reached the rival's phone only.
    const listing1 = await ctx.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.leadId, leadId), eq(alertDeliveries.listing, 1)));
    expect(listing1.map((d) => d.userId).sort()).toEqual([buyer.user.id, rival.user.id].sort());
    // The pushes of this lead's alert (the buyer's phone also gets the outbox's "Lost" notice, which is no alert).
    const alerts = receiver.received.filter((p) => String((p.payload as { leadId?: unknown }).leadId) === String(leadId));
    expect(alerts.map((p) => p.path)).toEqual([new URL(rival.subscription.endpoint).pathname]);
    const lostNotice = receiver.received.find((p) => String((p.payload as { title?: unknown }).title).startsWith("Lost: missed promise"));
    expect(lostNotice?.path).toBe(new URL(buyer.subscription.endpoint).pathname);
  });

  it("when an alert of the first listing was still waiting for the buyer (quiet hours), then it is dropped at send time, not sent", async () => {
    const { token, leadId } = await soldRequest();
    // Held until the end of the buyer's quiet hours, from before they bought it.
    const [held] = await ctx.db
      .insert(alertDeliveries)
      .values({ leadId, listing: 1, userId: buyer.user.id, channel: "push", deviceId: buyer.device.id, urgent: true, dueAt: clock.now })
      .returning();
    later(31);
    expect((await report(token)).status).toBe(200);
    receiver.received.length = 0;
    await ctx.app.alerts.runOnce();
    const [after] = await ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, held!.id));
    expect(after).toMatchObject({ status: "dropped", lastError: "an earlier listing" });
    expect(receiver.received.filter((p) => String((p.payload as { leadId?: unknown }).leadId) === String(leadId)).map((p) => p.path)).toEqual([
      new URL(rival.subscription.endpoint).pathname,
    ]);
  });

  it("when a team member of the buyer takes alerts, then the relisted lead does not reach them either", async () => {
    const member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: buyer.user.id });
    await ctx.db.insert(alertPreferences).values({ userId: member.id, pushEnabled: false, emailEnabled: true });
    const { token, leadId } = await soldRequest({ alerted: true });
    const first = await ctx.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.leadId, leadId), eq(alertDeliveries.listing, 1)));
    expect(first.map((d) => d.userId)).toContain(member.id);
    later(31);
    expect((await report(token)).status).toBe(200);
    await ctx.app.alerts.runOnce();
    const second = await ctx.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.leadId, leadId), eq(alertDeliveries.listing, 2)));
    expect(second.map((d) => d.userId)).not.toContain(member.id);
    expect(second.map((d) => d.userId)).toContain(rival.user.id);
  });

  it("when the report comes a second time, then it is refused: the request has moved on and is relisted once", async () => {
    const { token, leadId } = await soldRequest();
    later(31);
    expect((await report(token)).status).toBe(200);
    const second = await report(token);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(JOB_ACTION_MESSAGES.notOpen);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.listing).toBe(2);
    const added = await ctx.db
      .select()
      .from(marketEvents)
      .where(and(eq(marketEvents.leadId, leadId), eq(marketEvents.type, "lead.added")));
    // One when the quote came in, one for the relisting.
    expect(added).toHaveLength(2);
  });

  it("when the buyer moved the job on, then a report is refused as no longer open", async () => {
    const { token, purchaseId } = await soldRequest();
    later(31);
    const [row] = await ctx.db.select({ version: leadPurchases.version }).from(leadPurchases).where(eq(leadPurchases.id, purchaseId));
    const moved = await buyer.agent.patch(`/api/lead-purchases/${purchaseId}/sales-stage`).send({ salesStage: "called", version: row!.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await page(token)).actions).toEqual(["add_photos", "close"]);
    const res = await report(token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(JOB_ACTION_MESSAGES.notOpen);
  });
});

describe("after the promise, with attempts logged", () => {
  it("when the customer reports it, then nothing is relisted and the operator gets a case with both sides' records", async () => {
    const { token, leadId, purchaseId } = await soldRequest();
    later(10);
    await logAttempt(ctx.db, purchaseId, "no_answer", clock.now);
    later(21);
    // The page does not offer it (an attempt is logged), but a report sent anyway (a page open
    // from before the attempt) goes to the operator.
    expect((await page(token)).actions).toEqual(["add_photos", "close"]);
    const res = await report(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as JobView).status).toBe("matched");
    expect((res.body as JobView).notContacted).toEqual({ outcome: "reviewing", at: clock.now.toISOString() });
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ status: "sold", listing: 1 });
    const cases = await ctx.db.select().from(operatorReviews).where(eq(operatorReviews.purchaseId, purchaseId));
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ kind: "not_contacted", status: "open" });
    expect(cases[0]!.evidence).toMatchObject({
      attempts: [{ channel: "call", outcome: "no_answer" }],
      stageHistory: [],
      promise: { contactBy: expect.any(String) },
      customer: { says: "No one has contacted me" },
    });
    // A second report adds nothing: one open case per purchase.
    expect((await report(token)).status).toBe(200);
    expect(await ctx.db.select().from(operatorReviews).where(eq(operatorReviews.purchaseId, purchaseId))).toHaveLength(1);
  });
});
