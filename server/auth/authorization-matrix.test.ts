// Walks AUTHORIZATION_MATRIX (server/test/authorization-routes.ts): each route × each caller.
// Every cell gets a fresh session (or admin token), so a logout or sign-up in one cell
// cannot change what the next cell sees.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { AUTHORIZATION_MATRIX, MATRIX_ROLES, type MatrixFixtures, type MatrixRole } from "../test/authorization-routes";
import { createUser, signIn, TEST_PASSWORD } from "../test/factories";

const ADMIN = { username: "matrix-operator", password: "matrix-secret" };
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let fx: MatrixFixtures;
let counter = 0;

beforeAll(async () => {
  ctx = await createTestApp({ suburbs: false, env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  const provider = await createUser(ctx.db, { userType: "provider" });
  fx = {
    app: ctx.app,
    db: ctx.db,
    admin: ADMIN,
    password: TEST_PASSWORD,
    unique: () => `${Date.now().toString(36)}${++counter}`,
    users: {
      customer: await createUser(ctx.db, { userType: "customer", companyName: null }),
      provider,
      teamMember: await createUser(ctx.db, { userType: "team_member", teamOwnerId: provider.id }),
      otherProvider: await createUser(ctx.db, { userType: "provider" }),
      superAdmin: await createUser(ctx.db, { userType: "super_admin" }),
    },
  };
});
afterAll(() => ctx.destroy());

async function clientFor(role: MatrixRole) {
  if (role === "anonymous") return { agent: request(ctx.app), headers: {} };
  if (role === "operatorAdmin") {
    const res = await request(ctx.app).post("/api/admin/login").send(ADMIN);
    return { agent: request(ctx.app), headers: { Authorization: `Bearer ${res.body.token}` } };
  }
  return { agent: await signIn(ctx.app, fx.users[role].username), headers: {} };
}

const cells = AUTHORIZATION_MATRIX.flatMap((row) =>
  MATRIX_ROLES.map((role) => ({ row, role, label: `${row.method.toUpperCase()} ${typeof row.path === "string" ? row.path : "(per cell)"} as ${role}`, expected: row.expect[role] })),
);

describe("authorization matrix", () => {
  it("when the table is read, then every row names a status for every role", () => {
    for (const row of AUTHORIZATION_MATRIX) for (const role of MATRIX_ROLES) expect(row.expect[role], `${row.method} ${String(row.path)} ${role}`).toBeTypeOf("number");
  });

  it.each(cells)("when $label, then $expected", async ({ row, role, expected }) => {
    const { agent, headers } = await clientFor(role);
    const path = typeof row.path === "function" ? await row.path(fx) : row.path;
    const body = typeof row.body === "function" ? row.body(fx) : row.body;
    let req = agent[row.method](path).set(headers);
    if (body !== undefined) req = req.send(body as object);
    const res = await req;
    expect(res.status, JSON.stringify(res.body)).toBe(expected);
  });
});
