// Operator admin: POST /api/admin/login → { token }; bearer token required, 12 h expiry.
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { adminTokens } from "../../../shared/schema";
import { useTestApp, withTestApp } from "../../test/app";
import { createUser } from "../../setup/factories";
import { signIn } from "../../test/sign-in";
import { fakeClock } from "../../test/fakes";
import { sha256 } from "../../platform/http/token-hash";

const clock = fakeClock();
const ctx = useTestApp({ now: clock.now, env: { ADMIN_USERNAME: "operator", ADMIN_PASSWORD: "op-secret-1" } });

const adminLogin = (username: string, password: string) => request(ctx.server).post("/api/admin/login").send({ username, password });
const adminGet = (token?: string) => {
  const req = request(ctx.server).get("/api/admin/session");
  return token ? req.set("Authorization", `Bearer ${token}`) : req;
};

describe("operator admin", () => {
  it("when the credentials are right, then a token comes back that opens admin routes, stored only hashed", async () => {
    const res = await adminLogin("operator", "op-secret-1");
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await adminGet(res.body.token)).status).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(adminTokens)
      .where(eq(adminTokens.tokenHash, sha256(res.body.token)));
    expect(row).toBeDefined();
    expect(JSON.stringify(await ctx.db.select().from(adminTokens))).not.toContain(res.body.token);
  });

  it("when the password or username is wrong, then 401 'Invalid username or password'", async () => {
    for (const [u, p] of [
      ["operator", "nope"],
      ["someone", "op-secret-1"],
    ] as const) {
      const res = await adminLogin(u, p);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Invalid username or password" });
    }
  });

  it("when no token, a garbage token or a non-bearer header is sent, then 401", async () => {
    expect((await adminGet()).status).toBe(401);
    expect((await adminGet("x".repeat(43))).status).toBe(401);
    expect((await request(ctx.server).get("/api/admin/session").set("Authorization", "Basic b3BlcmF0b3I6b3Atc2VjcmV0LTE=")).status).toBe(401);
  });

  it("when 12 hours have passed, then the token no longer works", async () => {
    const { token } = (await adminLogin("operator", "op-secret-1")).body;
    clock.advance(11 * 3600_000);
    expect((await adminGet(token)).status).toBe(200);
    clock.advance(3600_000 + 1000);
    expect((await adminGet(token)).status).toBe(401);
  });

  it("when the admin logs out, then the token is revoked", async () => {
    const { token } = (await adminLogin("operator", "op-secret-1")).body;
    expect((await request(ctx.server).post("/api/admin/logout").set("Authorization", `Bearer ${token}`)).status).toBe(200);
    expect((await adminGet(token)).status).toBe(401);
  });

  it("when a super admin's or provider's cookie is sent, then admin routes stay closed", async () => {
    for (const userType of ["provider", "super_admin"] as const) {
      const agent = await signIn(ctx.server, (await createUser(ctx.db, { userType })).username);
      expect((await agent.get("/api/admin/session")).status).toBe(401);
    }
  });

  it("when ADMIN_USERNAME/ADMIN_PASSWORD are not configured, then every admin login is 401", () =>
    withTestApp({}, async (bare) => {
      const res = await request(bare.app).post("/api/admin/login").send({ username: "", password: "" });
      expect(res.status).toBe(400);
      const guess = await request(bare.app).post("/api/admin/login").send({ username: "admin", password: "admin" });
      expect(guess.status).toBe(401);
    }));
});
