import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { users } from "../../../shared/schema";
import { pipelineOwnerId } from "../../platform/access/authorize";
import { useTestApp } from "../../test/app";
import { LEAD_SPEND_PRIVATE } from "../../../shared/policy";
import { createPurchase, createUser, TEST_PASSWORD } from "../../setup/factories";
import { aCurrentUser, signIn } from "../../test/sign-in";

const ctx = useTestApp();

let n = 0;
const memberBody = () => {
  n++;
  return { firstName: "Tom", lastName: `Baker${n}`, username: `tom_${n}`, email: `tom${n}@example.com`, password: "member-pass" };
};

describe("team management", () => {
  it("when an owner adds a member, then the member is listed, has the owner's id and signs in as a team member", async () => {
    const owner = await createUser(ctx.db, { companyName: "Sparkright" });
    const agent = await signIn(ctx.server, owner.username);
    const body = memberBody();
    const created = await agent.post("/api/team").send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: body.username, email: body.email, firstName: "Tom", isActive: true });
    expect(created.body).not.toHaveProperty("password");

    const list = await agent.get("/api/team");
    expect(list.body.map((m: { id: number }) => m.id)).toEqual([created.body.id]);

    const member = await request(ctx.server).post("/api/auth/login").send({ username: body.username, password: body.password });
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ userType: "team_member", teamOwnerId: owner.id, companyName: "Sparkright" });
  });

  it("when a member's username is taken, then 409 naming the field", async () => {
    const owner = await createUser(ctx.db);
    const agent = await signIn(ctx.server, owner.username);
    const res = await agent.post("/api/team").send({ ...memberBody(), username: owner.username.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Username already taken");
  });

  it("when another provider lists or removes the owner's member, then they see none and get 404", async () => {
    const owner = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const ownerAgent = await signIn(ctx.server, owner.username);
    const otherAgent = await signIn(ctx.server, other.username);
    const member = (await ownerAgent.post("/api/team").send(memberBody())).body;

    expect((await otherAgent.get("/api/team")).body).toEqual([]);
    const del = await otherAgent.delete(`/api/team/${member.id}`);
    expect(del.status).toBe(404);
    expect((await ownerAgent.get("/api/team")).body).toHaveLength(1);
  });

  it("when the owner removes a provider who is not a member (or themselves), then 404", async () => {
    const owner = await createUser(ctx.db);
    const agent = await signIn(ctx.server, owner.username);
    const stranger = await createUser(ctx.db);
    expect((await agent.delete(`/api/team/${stranger.id}`)).status).toBe(404);
    expect((await agent.delete(`/api/team/${owner.id}`)).status).toBe(404);
    expect((await agent.delete(`/api/team/not-a-number`)).status).toBe(400);
  });

  it("when the owner removes a member, then the member is signed out at once and cannot sign in", async () => {
    const owner = await createUser(ctx.db);
    const ownerAgent = await signIn(ctx.server, owner.username);
    const body = memberBody();
    const member = (await ownerAgent.post("/api/team").send(body)).body;
    const memberAgent = await signIn(ctx.server, body.username, body.password);

    expect((await ownerAgent.delete(`/api/team/${member.id}`)).status).toBe(204);
    expect((await memberAgent.get("/api/auth/me")).status).toBe(401);
    expect((await request(ctx.server).post("/api/auth/login").send({ username: body.username, password: body.password })).status).toBe(401);
    expect(await ctx.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
  });

  it("when a team member calls the team routes, then 403 (a member never manages the team)", async () => {
    const owner = await createUser(ctx.db);
    const member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id });
    const agent = await signIn(ctx.server, member.username);
    expect((await agent.get("/api/team")).status).toBe(403);
    expect((await agent.post("/api/team").send(memberBody())).status).toBe(403);
  });
});

describe("whose purchases a user works on", () => {
  const base = aCurrentUser();
  it("when the user is a provider or super admin, then their own id", () => {
    expect(pipelineOwnerId(base)).toBe(7);
    expect(pipelineOwnerId({ ...base, userType: "super_admin" })).toBe(7);
  });
  it("when the user is a team member, then the owner's id", () => {
    expect(pipelineOwnerId({ ...base, userType: "team_member", teamOwnerId: 3 })).toBe(3);
  });
});

// docs/decisions/087-lead-spend-private-from-the-team.md: the owner's switch, off by default.
describe("whether team members see lead spend", () => {
  const MONTH = "2026-11";
  async function ownerWithMember() {
    const owner = await createUser(ctx.db, { companyName: "Sparkright" });
    const member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id });
    const purchase = await createPurchase(ctx.db, owner.id, { purchase: { buyerName: "Owner", amountPaid: "30.00" } });
    return { owner: await signIn(ctx.server, owner.username), member: await signIn(ctx.server, member.username), purchaseId: purchase.id };
  }
  const leadSpendRoutes = (purchaseId: number) => [
    `/api/insights?from=${MONTH}-01&to=${MONTH}-30`,
    `/api/lead-purchases/statement?month=${MONTH}`,
    `/api/lead-purchases/statement?month=${MONTH}&format=json`,
    `/api/lead-purchases/${purchaseId}/tax-invoice`,
  ];

  it("when the owner has not chosen, then a member gets 403 saying so from every lead-spend route, still works the jobs, and the owner sees them all", async () => {
    const { owner, member, purchaseId } = await ownerWithMember();
    expect((await member.get("/api/auth/me")).body.teamSeesLeadSpend).toBe(false);
    for (const path of leadSpendRoutes(purchaseId)) {
      const refused = await member.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.message, path).toBe(LEAD_SPEND_PRIVATE);
      expect((await owner.get(path)).status, path).toBe(200);
    }
    // The jobs themselves stay the member's to work, and their export keeps its columns with the lead's price left blank.
    expect((await member.get("/api/my-purchased-leads")).status).toBe(200);
    // The lead cost $30.00; nothing else on its row is that figure.
    const leadPrice = /(^|,)30\.00(,|$)/m;
    expect((await member.get("/api/my-purchased-leads/export.csv")).text).not.toMatch(leadPrice);
    expect((await owner.get("/api/my-purchased-leads/export.csv")).text).toMatch(leadPrice);
  });

  it("when the owner turns the switch on, then the member's next requests get each lead-spend route; off again, refused again", async () => {
    const { owner, member, purchaseId } = await ownerWithMember();
    const on = await owner.put("/api/team/sharing").send({ teamSeesLeadSpend: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ teamSeesLeadSpend: true });
    expect((await owner.get("/api/auth/me")).body.teamSeesLeadSpend).toBe(true);
    expect((await member.get("/api/auth/me")).body.teamSeesLeadSpend).toBe(true);
    for (const path of leadSpendRoutes(purchaseId)) expect((await member.get(path)).status, path).toBe(200);

    await owner.put("/api/team/sharing").send({ teamSeesLeadSpend: false });
    for (const path of leadSpendRoutes(purchaseId)) expect((await member.get(path)).status, path).toBe(403);
  });

  it("when a member signs in with the switch on, then the sign-in's answer carries the owner's choice", async () => {
    const owner = await createUser(ctx.db);
    const member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id });
    await ctx.db.update(users).set({ teamSeesLeadSpend: true }).where(eq(users.id, owner.id));
    const res = await request(ctx.server).post("/api/auth/login").send({ username: member.username, password: TEST_PASSWORD });
    expect(res.body.teamSeesLeadSpend).toBe(true);
  });

  it("when a member or a customer flips the switch, then 403 and the owner's choice stands; a body without a true or false is 400", async () => {
    const { owner, member } = await ownerWithMember();
    const tried = await member.put("/api/team/sharing").send({ teamSeesLeadSpend: true });
    expect(tried.status).toBe(403);
    expect((await member.get("/api/auth/me")).body.teamSeesLeadSpend).toBe(false);
    const customer = await createUser(ctx.db, { userType: "customer" });
    expect((await (await signIn(ctx.server, customer.username)).put("/api/team/sharing").send({ teamSeesLeadSpend: true })).status).toBe(403);
    expect((await owner.put("/api/team/sharing").send({ teamSeesLeadSpend: "yes" })).status).toBe(400);
  });
});
