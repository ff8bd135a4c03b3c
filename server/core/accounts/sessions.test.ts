import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../../shared/schema";
import { PRODUCTION_ENV, useTestApp, withTestApp } from "../../test/app";
import { createUser, TEST_PASSWORD } from "../../setup/factories";
import { signIn } from "../../test/sign-in";
import { testLicence } from "../../test/licence";

const ctx = useTestApp();

const providerBody = (n: string) => ({
  firstName: "Dana",
  lastName: "Volt",
  email: `dana.${n}@example.com`,
  phone: "0412 345 678",
  companyName: "Volt Electrical",
  username: `dana_${n}`,
  password: "secret123",
  ...testLicence(),
});

const cookieOf = (res: request.Response) => [res.headers["set-cookie"] ?? []].flat().find((c: string) => c.startsWith("ae.sid="));

describe("sign up, sign in, sign out", () => {
  it("when a provider signs up, then they are signed in, /me knows them, logout ends it and /me is 401 again", async () => {
    const agent = request.agent(ctx.server);
    const signup = await agent.post("/api/auth/provider/signup").send(providerBody("a"));
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({ username: "dana_a", userType: "provider", companyName: "Volt Electrical", teamOwnerId: null, isActive: true });
    expect(signup.body).not.toHaveProperty("password");

    const me = await agent.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(signup.body.id);
    expect(me.body).not.toHaveProperty("password");

    expect((await agent.post("/api/auth/logout")).status).toBe(200);
    const after = await agent.get("/api/auth/me");
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: "Please sign in" });
  });

  it("when a customer signs up, then the account is a customer and is signed in", async () => {
    const agent = request.agent(ctx.server);
    const res = await agent
      .post("/api/auth/customer/signup")
      .send({ username: "cathy", password: "secret123", firstName: "Cathy", lastName: "Lee", phone: "0400000000" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userType: "customer", email: null });
    expect((await agent.get("/api/auth/me")).body.username).toBe("cathy");
  });

  it("when the password is wrong or the username unknown, then 401 with the same message", async () => {
    const user = await createUser(ctx.db);
    const wrong = await request(ctx.server).post("/api/auth/login").send({ username: user.username, password: "not-it" });
    const unknown = await request(ctx.server).post("/api/auth/login").send({ username: "nobody-here", password: "whatever" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid username or password" });
    expect(unknown.body).toEqual(wrong.body);
    expect(cookieOf(wrong)).toBeUndefined();
  });

  it("when the username is typed in another case, then the login still works", async () => {
    const user = await createUser(ctx.db, { username: "MixedCase" });
    const res = await request(ctx.server).post("/api/auth/login").send({ username: "mixedcase", password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  it("when a username or email is taken (in any case), then 409 naming the field", async () => {
    await request(ctx.server).post("/api/auth/provider/signup").send(providerBody("dup"));
    const sameName = await request(ctx.server)
      .post("/api/auth/provider/signup")
      .send({ ...providerBody("other"), username: "DANA_DUP" });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ message: "Username already taken", errors: { username: "Username already taken" } });
    const sameEmail = await request(ctx.server)
      .post("/api/auth/provider/signup")
      .send({ ...providerBody("other2"), email: "Dana.Dup@Example.com" });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe("Email already registered");
  });

  it("when an account is inactive, then it cannot sign in", async () => {
    const user = await createUser(ctx.db, { isActive: false });
    const res = await request(ctx.server).post("/api/auth/login").send({ username: user.username, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/deactivated/);
  });

  it("when a signed-in user is deactivated, then their next request is signed out", async () => {
    const user = await createUser(ctx.db);
    const agent = await signIn(ctx.server, user.username);
    expect((await agent.get("/api/auth/me")).status).toBe(200);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await agent.get("/api/auth/me")).status).toBe(401);
  });
});

describe("the session cookie and its row", () => {
  it("when someone signs in, then the cookie is httpOnly, SameSite=Lax, not Secure in test, rolling 14 days", async () => {
    const user = await createUser(ctx.db);
    const res = await request(ctx.server).post("/api/auth/login").send({ username: user.username, password: TEST_PASSWORD });
    const cookie = cookieOf(res)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(13.9 * 24 * 3600_000);
  });

  it("when a signed-in user makes a request, then the cookie is renewed (rolling)", async () => {
    const user = await createUser(ctx.db);
    const agent = await signIn(ctx.server, user.username);
    const res = await agent.get("/api/auth/me");
    expect(cookieOf(res)).toBeDefined();
  });

  it("when someone signs in, then the session row is in the database with their user id", async () => {
    const user = await createUser(ctx.db);
    await signIn(ctx.server, user.username);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expire.getTime()).toBeGreaterThan(Date.now());
  });

  it("when someone signs in over an existing session, then the session id changes (no fixation)", async () => {
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    const agent = request.agent(ctx.server);
    const first = cookieOf(await agent.post("/api/auth/login").send({ username: a.username, password: TEST_PASSWORD }))!;
    const second = cookieOf(await agent.post("/api/auth/login").send({ username: b.username, password: TEST_PASSWORD }))!;
    expect(second.split(";")[0]).not.toBe(first.split(";")[0]);
    expect((await agent.get("/api/auth/me")).body.id).toBe(b.id);
    // The first session is gone from the store, not just replaced in the browser.
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, a.id))).toHaveLength(0);
  });

  it("when someone logs out, then the session row is deleted and the cookie cleared", async () => {
    const user = await createUser(ctx.db);
    const agent = await signIn(ctx.server, user.username);
    const res = await agent.post("/api/auth/logout");
    expect(cookieOf(res)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

// The signed-in hint (docs/decisions/086-one-promise-one-address-quiet-sign-out.md): the client asks
// /api/auth/me only with it, so it must come and go with the session cookie.
const hintOf = (res: request.Response) => [res.headers["set-cookie"] ?? []].flat().find((c: string) => c.startsWith("signed_in="));
const expiresIn = (cookie: string) => new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime() - Date.now();

describe("the signed-in hint", () => {
  it("when someone signs in, then signed_in=1 is set beside the session, readable by the page, for the session's 14 days, and renewed with it", async () => {
    const user = await createUser(ctx.db);
    const agent = request.agent(ctx.server);
    const login = await agent.post("/api/auth/login").send({ username: user.username, password: TEST_PASSWORD });
    const hint = hintOf(login)!;
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/SameSite=Lax/);
    expect(expiresIn(hint)).toBeGreaterThan(13.9 * 24 * 3600_000);
    expect(hintOf(await agent.get("/api/auth/me"))).toMatch(/^signed_in=1;/);
  });

  it("when a provider signs up, then the hint is set too", async () => {
    const res = await request(ctx.server).post("/api/auth/provider/signup").send(providerBody("hint"));
    expect(res.status).toBe(201);
    expect(hintOf(res)).toMatch(/^signed_in=1;/);
  });

  it("when someone logs out, then the hint is cleared with the session cookie", async () => {
    const user = await createUser(ctx.db);
    const agent = await signIn(ctx.server, user.username);
    const res = await agent.post("/api/auth/logout");
    expect(hintOf(res)).toMatch(/^signed_in=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("when the hint outlives its session (expired, deactivated or the cookie gone), then /me still answers 401 and the hint says so", async () => {
    const user = await createUser(ctx.db);
    const agent = await signIn(ctx.server, user.username);
    await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    const expired = await agent.get("/api/auth/me");
    expect(expired.status).toBe(401);
    // "0": the browser still sends the dead session cookie; a page load must not set "1" and ask again.
    expect(hintOf(expired)).toMatch(/^signed_in=0;/);
    const noSession = await request(ctx.server).get("/api/auth/me").set("Cookie", "signed_in=1");
    expect(noSession.status).toBe(401);
    expect(hintOf(noSession)).toMatch(/^signed_in=;/);
  });

  it("when a signed-out visitor asks anything, then no hint is set; a session from before the hint gets one on its next request", async () => {
    expect(hintOf(await request(ctx.server).get("/api/auth/me"))).toBeUndefined();
    const user = await createUser(ctx.db);
    const login = await request(ctx.server).post("/api/auth/login").send({ username: user.username, password: TEST_PASSWORD });
    const session = cookieOf(login)!.split(";")[0]!;
    const me = await request(ctx.server).get("/api/auth/me").set("Cookie", session);
    expect(me.status).toBe(200);
    expect(hintOf(me)).toMatch(/^signed_in=1;/);
  });
});

describe("production cookies", () => {
  it("when NODE_ENV is production, then the session cookie is Secure", () =>
    withTestApp(
      {
        env: {
          ...PRODUCTION_ENV,
          TRUST_PROXY: "1",
          LOG_LEVEL: "silent",
        },
      },
      async (prod) => {
        const user = await createUser(prod.db);
        const res = await request(prod.app)
          .post("/api/auth/login")
          .set("X-Forwarded-Proto", "https")
          .send({ username: user.username, password: TEST_PASSWORD });
        expect(res.status).toBe(200);
        expect(cookieOf(res)).toMatch(/; Secure/);
      },
    ));
});
