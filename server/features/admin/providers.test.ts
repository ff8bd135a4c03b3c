// Provider management: the list (search, pages, no passwords) and deactivation, which ends
// the provider's and their team's sessions and blocks sign-in and buying.
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../../shared/schema";
import { createLead, createPurchase, createUser, TEST_PASSWORD } from "../../setup/factories";
import { signIn, useOperatorApp } from "../../test/sign-in";

const ctx = useOperatorApp();

const admin = {
  get: (path: string) => request(ctx.server).get(path).set("Authorization", ctx.auth),
  patch: (path: string, body: object) => request(ctx.server).patch(path).set("Authorization", ctx.auth).send(body),
};

describe("admin provider list", () => {
  it("when the operator searches by name, email, company or username and pages, then only matches come back with a total", async () => {
    const stamp = Date.now().toString(36);
    const wanted = await createUser(ctx.db, {
      firstName: "Wendy",
      lastName: `Wirewell${stamp}`,
      companyName: `Wirewell ${stamp} Pty Ltd`,
      email: `wendy.${stamp}@volts.example`,
      username: `wendy_${stamp}`,
    });
    await createUser(ctx.db, { userType: "customer", firstName: "Wendy", lastName: `Wirewell${stamp}` }); // not a provider
    for (const q of [`Wirewell${stamp}`, `wendy.${stamp}@volts`, `${stamp} Pty`, `wendy_${stamp}`, `Wendy Wirewell${stamp}`]) {
      const res = await admin.get(`/api/admin/providers?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.total, q).toBe(1);
      expect(res.body.items[0], q).toMatchObject({ id: wanted.id, isActive: true, companyName: `Wirewell ${stamp} Pty Ltd`, purchaseCount: 0 });
      expect(res.body.items[0].password).toBeUndefined();
    }
    expect((await admin.get("/api/admin/providers?q=%25")).body.total).toBe(0); // % is literal
    for (let i = 0; i < 3; i++) await createUser(ctx.db);
    const first = await admin.get("/api/admin/providers?limit=2&offset=0");
    const second = await admin.get("/api/admin/providers?limit=2&offset=2");
    expect(first.body.items).toHaveLength(2);
    expect(first.body.total).toBeGreaterThanOrEqual(4);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    expect((await admin.get("/api/admin/providers?limit=0")).status).toBe(400);
  });

  it("when a customer, team member or unknown id is patched, then 404", async () => {
    const customer = await createUser(ctx.db, { userType: "customer" });
    expect((await admin.patch(`/api/admin/providers/${customer.id}`, { isActive: false })).status).toBe(404);
    expect((await admin.patch("/api/admin/providers/999999", { isActive: false })).status).toBe(404);
    expect((await admin.patch(`/api/admin/providers/${customer.id}`, { isActive: "no" })).status).toBe(400);
  });
});

describe("deactivating a provider", () => {
  it("when the operator deactivates a provider, then their and their team's sessions end, they cannot sign in or buy; reactivated they can", async () => {
    const provider = await createUser(ctx.db);
    const member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: provider.id });
    const bystander = await createUser(ctx.db);
    const providerAgent = await signIn(ctx.server, provider.username);
    const memberAgent = await signIn(ctx.server, member.username);
    const bystanderAgent = await signIn(ctx.server, bystander.username);
    expect((await providerAgent.get("/api/auth/me")).status).toBe(200);

    const res = await admin.patch(`/api/admin/providers/${provider.id}`, { isActive: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: provider.id, isActive: false });

    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, provider.id))).toHaveLength(0);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    expect((await providerAgent.get("/api/auth/me")).status).toBe(401);
    expect((await memberAgent.get("/api/auth/me")).status).toBe(401);
    expect((await bystanderAgent.get("/api/auth/me")).status).toBe(200);

    const lead = await createLead(ctx.db);
    expect((await providerAgent.post(`/api/leads/${lead.id}/purchase`).send({ paymentStatus: "completed" })).status).toBe(401);
    const login = await request(ctx.server).post("/api/auth/login").send({ username: provider.username, password: TEST_PASSWORD });
    expect(login.status).toBe(403);

    expect((await admin.patch(`/api/admin/providers/${provider.id}`, { isActive: true })).body.isActive).toBe(true);
    const again = await signIn(ctx.server, provider.username);
    expect((await again.post(`/api/leads/${lead.id}/purchase`).send({ paymentStatus: "completed" })).status).toBe(201);
  });

  it("when a provider is deactivated, then their team member cannot sign in and a member's live session ends; reactivated the member can", async () => {
    const provider = await createUser(ctx.db);
    const member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: provider.id });
    const login = () => request(ctx.server).post("/api/auth/login").send({ username: member.username, password: TEST_PASSWORD });

    expect((await admin.patch(`/api/admin/providers/${provider.id}`, { isActive: false })).status).toBe(200);
    const refused = await login();
    expect(refused.status).toBe(403);

    expect((await admin.patch(`/api/admin/providers/${provider.id}`, { isActive: true })).status).toBe(200);
    const memberAgent = await signIn(ctx.server, member.username);
    expect((await memberAgent.get("/api/auth/me")).status).toBe(200);

    // The owner flips to inactive without the session sweep (e.g. a sign-in racing the
    // deactivation): the member's cookie still stops working at the next request.
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, provider.id));
    expect((await memberAgent.get("/api/auth/me")).status).toBe(401);
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, provider.id));
    expect((await login()).status).toBe(200);
  });
});

describe("purchases and spend per provider", () => {
  it("when several providers bought different numbers of leads, then each card counts their own live paid purchases and what they cost", async () => {
    const stamp = Date.now().toString(36);
    const amy = await createUser(ctx.db, { firstName: "Amy", lastName: `Spendwell${stamp}` });
    const ben = await createUser(ctx.db, { firstName: "Ben", lastName: `Spendwell${stamp}` });
    const cat = await createUser(ctx.db, { firstName: "Cat", lastName: `Spendwell${stamp}` });
    const buy = (buyerId: number, amountPaid: string, extra: Parameters<typeof createPurchase>[2] = {}) =>
      createPurchase(ctx.db, buyerId, { ...extra, purchase: { amountPaid, ...extra.purchase } });
    // Amy: three paid leads, one free claim (a purchase at $0), and what does not count: a
    // refunded lead, an unpurchased one and a job she added herself.
    await buy(amy.id, "40.00");
    await buy(amy.id, "52.50");
    await buy(amy.id, "12.25");
    await buy(amy.id, "0.00");
    await buy(amy.id, "44.00", { purchase: { paymentStatus: "refunded", refundAmount: "44.00" } });
    await buy(amy.id, "30.00", { lead: { status: "available" }, purchase: { releasedAt: new Date(), releaseReason: "unpurchased" } });
    await buy(amy.id, "0.00", { lead: { source: "provider_manual" } });
    // Ben: one lead. Cat: none.
    await buy(ben.id, "61.00");

    const res = await admin.get(`/api/admin/providers?q=${encodeURIComponent(`Spendwell${stamp}`)}`);
    expect(res.status).toBe(200);
    const byName = Object.fromEntries((res.body.items as Array<{ firstName: string; purchaseCount: number; spend: string }>).map((p) => [p.firstName, p]));
    expect(byName.Amy).toMatchObject({ purchaseCount: 4, spend: "104.75" });
    expect(byName.Ben).toMatchObject({ purchaseCount: 1, spend: "61.00" });
    expect(byName.Cat).toMatchObject({ purchaseCount: 0, spend: "0.00" });
    expect((res.body.items as Array<{ id: number; firstName: string }>).find((p) => p.firstName === "Cat")?.id).toBe(cat.id);

    // The answer to a deactivation carries the same figures.
    const patched = await admin.patch(`/api/admin/providers/${amy.id}`, { isActive: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ purchaseCount: 4, spend: "104.75", isActive: false });
  });
});
