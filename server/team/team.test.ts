import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { users } from "../../shared/schema";
import { pipelineOwnerId } from "../auth/authorize";
import { useTestApp } from "../test/app";
import { createUser } from "../db/factories";
import { aCurrentUser, signIn } from "../test/sign-in";

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
