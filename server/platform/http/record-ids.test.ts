// An id past PostgreSQL's integer range must stop at the boundary (shared/ids.ts), not in the
// database as "out of range for type integer" → 500.
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { RECORD_ID_MESSAGE } from "../../../shared/ids";
import { useTestApp, withTestApp } from "../../test/app";
import { createUser } from "../../setup/factories";
import { signIn } from "../../test/sign-in";

const HUGE = "99999999999";
const ctx = useTestApp();
let provider: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  provider = await signIn(ctx.server, (await createUser(ctx.db, { userType: "provider" })).username);
});

describe("oversized ids", () => {
  it.each([
    ["post", `/api/leads/${HUGE}/purchase`, {}],
    ["patch", `/api/lead-purchases/${HUGE}/sales-stage`, { salesStage: "called", version: 1 }],
    ["get", `/api/lead-purchases/${HUGE}/paperwork`, undefined],
    ["get", `/api/lead-purchases/${HUGE}/paperwork/nsw_ccew/pdf`, undefined],
    ["post", `/api/lead-purchases/${HUGE}/paperwork/nsw_ccew/send`, { version: 0, to: [] }],
    ["delete", `/api/team/${HUGE}`, undefined],
    ["post", "/api/discount-codes/apply", { code: "ANY", leadId: HUGE }],
  ] as const)("when %s %s, then 400 with the id message", async (method, path, body) => {
    let req = provider[method](path);
    if (body) req = req.send(body);
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RECORD_ID_MESSAGE);
  });

  it("when an operator admin route gets an oversized id, then 400", async () => {
    const admin = { ADMIN_USERNAME: "op", ADMIN_PASSWORD: "op-secret" };
    await withTestApp({ env: admin }, async (adminCtx) => {
      const login = await request(adminCtx.app).post("/api/admin/login").send({ username: "op", password: "op-secret" });
      const res = await request(adminCtx.app)
        .patch(`/api/admin/providers/${HUGE}`)
        .set("Authorization", `Bearer ${login.body.token}`)
        .send({ isActive: false });
      expect(res.status).toBe(400);
    });
  });
});
