// Every operator admin route needs a live bearer token: none, garbage and expired → 401.
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createUser } from "../../setup/factories";
import { adminAuth, signIn, TEST_ADMIN } from "../../test/sign-in";
import { useTestApp } from "../../test/app";
import { fakeClock } from "../../test/fakes";

const ADMIN_ROUTES = [
  ["get", "/api/admin/analytics"],
  ["get", "/api/admin/providers"],
  ["patch", "/api/admin/providers/1"],
  ["get", "/api/admin/leads"],
  ["get", "/api/admin/callbacks"],
  ["patch", "/api/admin/callbacks/1"],
  ["get", "/api/admin/discount-codes"],
  ["post", "/api/admin/discount-codes"],
  ["patch", "/api/admin/discount-codes/1"],
  ["get", "/api/admin/reports"],
  ["post", "/api/admin/reports/1/approve"],
  ["post", "/api/admin/reports/1/reject"],
] as const;

const clock = fakeClock();
const ctx = useTestApp({ env: TEST_ADMIN, now: clock.now });

const call = (method: (typeof ADMIN_ROUTES)[number][0], path: string, authorization?: string) => {
  const req = request(ctx.server)[method](path);
  return authorization ? req.set("Authorization", authorization) : req;
};

describe("operator admin routes", () => {
  it.each(ADMIN_ROUTES)("when %s %s is called without a token or with a garbage one, then 401", async (method, path) => {
    expect((await call(method, path)).status).toBe(401);
    expect((await call(method, path, `Bearer ${"g".repeat(43)}`)).status).toBe(401);
    expect((await call(method, path, "Bearer short")).status).toBe(401);
  });

  it("when a signed-in super admin's cookie is sent instead of a token, then 401", async () => {
    const agent = await signIn(ctx.server, (await createUser(ctx.db, { userType: "super_admin" })).username);
    for (const [method, path] of ADMIN_ROUTES) expect((await agent[method](path)).status, `${method} ${path}`).toBe(401);
  });

  it("when the token is older than 12 hours (fake clock), then every admin route answers 401", async () => {
    const auth = await adminAuth(ctx.server);
    expect((await call("get", "/api/admin/analytics", auth)).status).toBe(200);
    clock.advance(12 * 3600_000 + 1000);
    for (const [method, path] of ADMIN_ROUTES) expect((await call(method, path, auth)).status, `${method} ${path}`).toBe(401);
  });

  it("when the token is live, then the lists answer without password fields and no-store", async () => {
    const auth = await adminAuth(ctx.server);
    await createUser(ctx.db, { userType: "provider", firstName: "Nora", lastName: "Amps" });
    const res = await call("get", "/api/admin/providers", auth);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.total).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });
});
