import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it, vi } from "vitest";
import type { Mail, Mailer } from "../../platform/mail/mailer";
import { passwordResetTokens } from "../../../shared/schema";
import { PRODUCTION_ENV, useTestApp, withTestApp } from "../../test/app";
import { createUser, TEST_PASSWORD } from "../../setup/factories";
import { signIn } from "../../test/sign-in";
import { fakeClock, fakeMailer, resetTokenFrom } from "../../test/fakes";
import { holdLock } from "../../test/locks";

const clock = fakeClock();
const mailer = fakeMailer();
const ctx = useTestApp({ now: clock.now, mailer });

const HOUR = 60 * 60 * 1000;
const login = (username: string, password: string) => request(ctx.server).post("/api/auth/login").send({ username, password });
const reset = (token: string, password = "brand-new-pass") =>
  request(ctx.server).post("/api/auth/reset-password").send({ token, password, confirmPassword: password });

async function requestLink(email: string) {
  const res = await request(ctx.server).post("/api/auth/forgot-password").send({ email });
  expect(res.status).toBe(200);
  await new Promise((r) => setImmediate(r)); // the mail is sent after the answer
  return { res, token: resetTokenFrom(mailer.lastTo(email)!.text) };
}

describe("password reset", () => {
  it("when a known email asks, then a mail with a working link goes out and resetUrl comes back (not production)", async () => {
    const user = await createUser(ctx.db);
    const { res, token } = await requestLink(user.email!);
    expect(res.body.resetUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password\?token=/);
    expect(resetTokenFrom(res.body.resetUrl)).toBe(token);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(mailer.lastTo(user.email!)!.subject).toMatch(/Reset your/);
  });

  it("when the link is used, then the new password works, the old one stops, and the link works only once", async () => {
    const user = await createUser(ctx.db);
    const { token } = await requestLink(user.email!);
    const first = await reset(token);
    expect(first.status).toBe(200);
    expect(first.body.message).toMatch(/password has been updated/);
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.username, "brand-new-pass")).status).toBe(200);

    const again = await reset(token, "another-pass");
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid or has expired/);
    expect((await login(user.username, "another-pass")).status).toBe(401);
  });

  it("when the token is stored, then only its SHA-256 is in the database", async () => {
    const user = await createUser(ctx.db);
    const { token } = await requestLink(user.email!);
    const rows = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token).not.toContain(token);
    expect(rows[0]!.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it("when an hour has passed, then the link no longer works", async () => {
    const user = await createUser(ctx.db);
    const { token } = await requestLink(user.email!);
    clock.advance(HOUR + 1000);
    expect((await reset(token)).status).toBe(400);
    expect((await login(user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it("when 59 minutes have passed, then the link still works", async () => {
    const user = await createUser(ctx.db);
    const { token } = await requestLink(user.email!);
    clock.advance(59 * 60 * 1000);
    expect((await reset(token)).status).toBe(200);
  });

  it("when the password is reset, then the user's other sessions end", async () => {
    const user = await createUser(ctx.db);
    const elsewhere = await signIn(ctx.server, user.username);
    const { token } = await requestLink(user.email!);
    await reset(token);
    expect((await elsewhere.get("/api/auth/me")).status).toBe(401);
  });

  it("when the email is unknown, then the answer is the same message and no mail is sent", async () => {
    const user = await createUser(ctx.db);
    const known = await request(ctx.server).post("/api/auth/forgot-password").send({ email: user.email });
    const before = mailer.sent.length;
    const unknown = await request(ctx.server).post("/api/auth/forgot-password").send({ email: "nobody@example.com" });
    await new Promise((r) => setImmediate(r));
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual({ message: known.body.message });
    expect(mailer.sent.length).toBe(before);
  });

  it("when a token is made up, then 400", async () => {
    expect((await reset("made-up-token-value")).status).toBe(400);
  });
});

const PRODUCTION = { ...PRODUCTION_ENV, LOG_LEVEL: "silent" };

describe("password reset in production", () => {
  it("when in production, then known and unknown emails get identical answers and no resetUrl", async () => {
    const prodMailer = fakeMailer();
    await withTestApp({ mailer: prodMailer, env: PRODUCTION }, async (prod) => {
      const user = await createUser(prod.db);
      const known = await request(prod.app).post("/api/auth/forgot-password").send({ email: user.email });
      const unknown = await request(prod.app).post("/api/auth/forgot-password").send({ email: "ghost@example.com" });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(known.body).not.toHaveProperty("resetUrl");
      // The mailed link is built from PUBLIC_URL, never from the request's Host header.
      await vi.waitFor(() => expect(prodMailer.lastTo(user.email!)?.text).toContain("https://sparks.example.com.au/auth/reset-password?token="));
      expect(prodMailer.sent).toHaveLength(1);
    });
  });

  it("when the account lookup and token write cannot run yet, then a known email is still answered at once, and mailed afterwards", async () => {
    const sent: Mail[] = [];
    // A mail server that never answers: the request must not wait for it either.
    const hangingMailer: Mailer = { send: (mail) => (sent.push(mail), new Promise<void>(() => {})) };
    await withTestApp({ mailer: hangingMailer, env: PRODUCTION }, async (prod) => {
      const user = await createUser(prod.db);
      // Hold the users table: whatever reads it before answering waits until the test lets go.
      const lock = await holdLock(prod.db, sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`);
      try {
        const answered = request(prod.app)
          .post("/api/auth/forgot-password")
          .send({ email: user.email })
          .then((res) => res);
        // Not a speed figure: answering does not touch the table at all, so only a request
        // that waits for the lock (a deadlock until release) can take this long.
        const waited = new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), 10_000));
        const res = await Promise.race([answered, waited]);
        expect(res).not.toBe("still waiting");
        expect(res).toMatchObject({ status: 200, body: { message: expect.stringMatching(/.+/) } });
        expect(sent).toHaveLength(0);
      } finally {
        await lock.release();
      }
      await vi.waitFor(() => expect(sent.map((m) => m.to)).toEqual([user.email]));
      expect(await prod.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toHaveLength(1);
    });
  });
});
