// Vetted electricians (docs/decisions/033): no one buys a lead without an approved, unexpired licence. The server refuses on
// both routes that lead to a sale (purchase, create-payment-intent) with 403 and the reason;
// a pending provider still sees the market, redacted, and sets their area.
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { leadPurchases, users, type NewUser } from "../../../shared/schema";
import { VETTING_MESSAGES } from "../../../shared/vetting";
import { createLead, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { fakeClock } from "../../test/fakes";
import { signIn } from "../../test/sign-in";

// 23:30 UTC on 14 March is 10:30 am on 15 March in Sydney. (A clock before the real one: sessions expire by real time.)
const clock = fakeClock(new Date("2026-03-14T23:30:00Z"));
const ctx = useTestApp({ now: clock.now, env: { RATE_LIMIT_DISCOUNT_PER_USER: "2", RATE_LIMIT_DISCOUNT_PER_IP: "100" } });

async function buyer(values: Partial<NewUser>) {
  const user = await createUser(ctx.db, values);
  return { user, agent: await signIn(ctx.server, user.username) };
}
const onSale = () => createLead(ctx.db, { createdAt: clock.now(), auctionStartedAt: clock.now() });
const purchases = async (buyerId: number) => (await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.buyerId, buyerId))).length;

describe("who may buy", () => {
  it("when a pending provider buys or authorises a card, then 403 with the reason on both routes, and nothing is sold", async () => {
    const { user, agent } = await buyer({ verificationStatus: "pending", isVerified: false });
    const lead = await onSale();
    const purchase = await agent.post(`/api/leads/${lead.id}/purchase`).send({});
    expect(purchase.status).toBe(403);
    expect(purchase.body).toEqual({ message: VETTING_MESSAGES.pendingCannotBuy });
    expect(purchase.body.message).toMatch(/We check your licence within one business day/);
    const intent = await agent.post("/api/create-payment-intent").send({ leadId: lead.id });
    expect(intent.status).toBe(403);
    expect(intent.body.message).toBe(VETTING_MESSAGES.pendingCannotBuy);
    expect(await purchases(user.id)).toBe(0);
  });

  it("when a rejected provider buys, then 403 naming the operator's reason", async () => {
    const { agent } = await buyer({ verificationStatus: "rejected", rejectionReason: "Licence 123456C belongs to another business" });
    const lead = await onSale();
    const res = await agent.post(`/api/leads/${lead.id}/purchase`).send({});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      "Your licence was not approved: Licence 123456C belongs to another business. You can't buy leads. Reply to our e-mail if you think this is a mistake.",
    );
    expect((await agent.post("/api/create-payment-intent").send({ leadId: lead.id })).status).toBe(403);
  });

  it("when an approved provider's licence expired yesterday (Sydney date), then 403 with the date; expiring today still buys", async () => {
    const expired = await buyer({ licenceExpiry: "2026-03-14" });
    const lead = await onSale();
    const res = await expired.agent.post(`/api/leads/${lead.id}/purchase`).send({});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      "Your electrical licence expired on 14 March 2026. Reply to our e-mail with your renewed licence; we update it within one business day and you can buy leads again.",
    );
    expect((await expired.agent.post("/api/create-payment-intent").send({ leadId: lead.id })).status).toBe(403);

    const lastDay = await buyer({ licenceExpiry: "2026-03-15" });
    expect((await lastDay.agent.post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(201);
  });

  it("when an approved provider with a current licence buys, then the sale goes through; create-payment-intent reaches the payment step", async () => {
    const { user, agent } = await buyer({});
    const lead = await onSale();
    expect((await agent.post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(201);
    expect(await purchases(user.id)).toBe(1);
    // Demo payments: the licence check passed and the route's own answer comes back.
    const intent = await agent.post("/api/create-payment-intent").send({ leadId: (await onSale()).id });
    expect(intent.status).toBe(400);
    expect(intent.body.message).toMatch(/Demo mode/);
  });

  it("when a provider from before vetting has no licence on file, then they still buy (the migration approved them)", async () => {
    const { agent } = await buyer({ licenseNumber: null, licenceState: null, licenceExpiry: null, abn: null });
    expect((await agent.post(`/api/leads/${(await onSale()).id}/purchase`).send({})).status).toBe(201);
  });

  it("when the operator approves a pending provider, then the very next purchase goes through (no sign-in again)", async () => {
    const { user, agent } = await buyer({ verificationStatus: "pending" });
    const lead = await onSale();
    expect((await agent.post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(403);
    await ctx.db.update(users).set({ verificationStatus: "approved" }).where(eq(users.id, user.id));
    expect((await agent.post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(201);
  });

  it("when a pending provider sends discount codes, then 403 each time and no guess is counted", async () => {
    const { user, agent } = await buyer({ verificationStatus: "pending" });
    const lead = await onSale();
    for (let i = 0; i < 4; i++) expect((await agent.post(`/api/leads/${lead.id}/purchase`).send({ discountCode: `GUESS${i}` })).status).toBe(403);
    await ctx.db.update(users).set({ verificationStatus: "approved" }).where(eq(users.id, user.id));
    // Two wrong guesses allowed: the refused requests above spent none of them.
    expect((await agent.post(`/api/leads/${lead.id}/purchase`).send({ discountCode: "WRONG1" })).status).toBe(400);
    expect((await agent.post(`/api/leads/${lead.id}/purchase`).send({ discountCode: "WRONG2" })).status).toBe(400);
    expect((await agent.post(`/api/leads/${lead.id}/purchase`).send({ discountCode: "WRONG3" })).status).toBe(429);
  });

  it("when signed out or a team member, then the earlier refusals (401, 403 team) come first", async () => {
    const lead = await onSale();
    expect((await request(ctx.server).post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(401);
    const owner = await createUser(ctx.db, { verificationStatus: "pending" });
    const member = await buyer({ userType: "team_member", teamOwnerId: owner.id });
    const res = await member.agent.post(`/api/leads/${lead.id}/purchase`).send({});
    expect(res.status).toBe(403);
    expect(res.body.message).not.toBe(VETTING_MESSAGES.pendingCannotBuy);
  });

  it("when the super admin claims, then no licence is asked for", async () => {
    const { agent } = await buyer({ userType: "super_admin" });
    expect((await agent.post(`/api/leads/${(await onSale()).id}/purchase`).send({})).status).toBe(201);
  });
});

describe("what a pending provider can do", () => {
  it("when pending, then the market (redacted) and the service area work", async () => {
    const { agent } = await buyer({ verificationStatus: "pending" });
    await onSale();
    const market = await agent.get("/api/leads");
    expect(market.status).toBe(200);
    expect(JSON.stringify(market.body)).not.toMatch(/Mitchell|0411222333|Church St/);
    const area = await agent
      .patch("/api/auth/update-service-area")
      .send({ serviceLocation: "Parramatta NSW 2150", serviceLatitude: -33.81, serviceLongitude: 151.0, serviceRadius: 20 });
    expect(area.status).toBe(200);
  });
});

describe("GET /api/auth/verification", () => {
  it("when a team member asks, then they get their owner's standing", async () => {
    const owner = await createUser(ctx.db, { verificationStatus: "rejected", rejectionReason: "No such licence" });
    const member = await buyer({ userType: "team_member", teamOwnerId: owner.id });
    const res = await member.agent.get("/api/auth/verification");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "rejected", rejectionReason: "No such licence" });
    expect(res.body.cannotBuy).toMatch(/No such licence/);
  });

  it("when the licence expires within 30 days, then expiresSoon; buying is still open", async () => {
    const { agent } = await buyer({ licenceExpiry: "2026-04-10" });
    const res = await agent.get("/api/auth/verification");
    expect(res.body).toMatchObject({ status: "approved", licenceExpiry: "2026-04-10", expiresSoon: true, cannotBuy: null });
  });

  it("when signed out or a customer, then 401 and 403", async () => {
    expect((await request(ctx.server).get("/api/auth/verification")).status).toBe(401);
    expect((await (await buyer({ userType: "customer" })).agent.get("/api/auth/verification")).status).toBe(403);
  });
});
