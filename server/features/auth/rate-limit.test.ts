// docs/product.md section 10 rate limits, with small numbers so the tests stay quick.
import request from "supertest";
import { describe, expect, it } from "vitest";
import { useTestApp, withTestApp } from "../../test/app";
import { createUser, TEST_PASSWORD } from "../../setup/factories";
import { testLicence } from "../../test/licence";

const ctx = useTestApp({
  env: { RATE_LIMIT_LOGIN_PER_USERNAME: "3", RATE_LIMIT_LOGIN_PER_IP: "12", RATE_LIMIT_FORGOT_PER_EMAIL: "2", RATE_LIMIT_PUBLIC_FORMS_PER_IP: "2" },
});

const login = (username: string, password: string) => request(ctx.server).post("/api/auth/login").send({ username, password });

describe("rate limits", () => {
  it("when a username has 3 failed logins, then the 4th attempt is 429 even with the right password", async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 3; i++) expect((await login(user.username, "wrong")).status).toBe(401);
    const blocked = await login(user.username, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
  });

  it("when logins succeed, then they do not count towards the limit", async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 5; i++) expect((await login(user.username, TEST_PASSWORD)).status).toBe(200);
    expect((await login(user.username, "wrong")).status).toBe(401);
  });

  it("when one username is locked, then another username still signs in", async () => {
    const locked = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    for (let i = 0; i < 4; i++) await login(locked.username, "wrong");
    expect((await login(other.username, TEST_PASSWORD)).status).toBe(200);
  });

  it("when one IP fails across many usernames, then the per-IP limit answers 429", async () => {
    // The earlier tests of this file used 4 + 1 + 4 failures of the IP's 12.
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i++) status = (await login(`nobody${i}`, "wrong")).status;
    expect(status).toBe(429);
  });

  it("when one email asks for 2 resets, then the 3rd is 429", async () => {
    const ask = () => request(ctx.server).post("/api/auth/forgot-password").send({ email: "limit@example.com" });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const third = await ask();
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/Too many password reset requests/);
    // Another address is unaffected.
    expect((await request(ctx.server).post("/api/auth/forgot-password").send({ email: "other@example.com" })).status).toBe(200);
  });

  it("when many malformed reset requests come in, then each is a 400 and a real address is not locked out", async () => {
    for (const body of [{}, { email: "" }, { email: "not-an-email" }, { email: 42 }]) {
      expect((await request(ctx.server).post("/api/auth/forgot-password").send(body)).status).toBe(400);
    }
    expect((await request(ctx.server).post("/api/auth/forgot-password").send({ email: "someone.else@example.com" })).status).toBe(200);
    // A differently cased address is the same address: it shares the counter.
    expect((await request(ctx.server).post("/api/auth/forgot-password").send({ email: "Someone.Else@Example.com" })).status).toBe(200);
    expect((await request(ctx.server).post("/api/auth/forgot-password").send({ email: "someone.else@example.com" })).status).toBe(429);
  });

  it("when one IP signs up more than the limit, then 429", async () => {
    const body = (n: number) => ({
      username: `rl_${n}`,
      password: "secret123",
      firstName: "R",
      lastName: "L",
      phone: "0412345678",
      companyName: "RL",
      ...testLicence(),
    });
    expect((await request(ctx.server).post("/api/auth/provider/signup").send(body(1))).status).toBe(201);
    expect((await request(ctx.server).post("/api/auth/customer/signup").send(body(2))).status).toBe(201);
    const third = await request(ctx.server).post("/api/auth/provider/signup").send(body(3));
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/Too many sign-up attempts/);
  });

  it("when the limits are per app, then a fresh app starts with fresh counters", () =>
    withTestApp({ env: { RATE_LIMIT_LOGIN_PER_USERNAME: "1" } }, async (fresh) => {
      expect((await request(fresh.app).post("/api/auth/login").send({ username: "x", password: "y" })).status).toBe(401);
      expect((await request(fresh.app).post("/api/auth/login").send({ username: "x", password: "y" })).status).toBe(429);
    }));
});
