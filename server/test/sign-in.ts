// Signed-in callers for API tests: sign-in goes through the real login routes; the rows
// come from the factories the demo seed uses too (server/setup/factories.ts).
import request from "supertest";
import type { Server } from "node:http";
import type { Express } from "express";
import { beforeAll } from "vitest";
import type { CurrentUser } from "../../shared/auth";
import type { NewUser, User } from "../../shared/schema";
import type { Db } from "../platform/db/client";
import { createUser, TEST_PASSWORD } from "../setup/factories";
import { useTestApp, type TestAppOptions } from "./app";

/** What supertest calls: an app (a server bound per request) or a listening server (TestApp's `server`). */
export type Callable = Express | Server;

/** A supertest agent holding a signed-in session for `username`. */
export async function signIn(app: Callable, username: string, password = TEST_PASSWORD) {
  const agent = request.agent(app);
  const res = await agent.post("/api/auth/login").send({ username, password });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

export type CastRole = "owner" | "rival" | "member" | "admin" | "customer";

/**
 * The people most API tests need, each signed in: a provider (`owner`) with a team
 * `member`, a `rival` provider, a super `admin` and a `customer`.
 */
export async function createCast(ctx: { db: Db; server: Callable }, overrides: Partial<Record<CastRole, Partial<NewUser>>> = {}) {
  const owner = await createUser(ctx.db, overrides.owner);
  const people: Record<CastRole, User> = {
    owner,
    rival: await createUser(ctx.db, overrides.rival),
    member: await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id, ...overrides.member }),
    admin: await createUser(ctx.db, { userType: "super_admin", ...overrides.admin }),
    customer: await createUser(ctx.db, { userType: "customer", ...overrides.customer }),
  };
  const agents = {} as Record<CastRole, request.Agent>;
  for (const role of Object.keys(people) as CastRole[]) agents[role] = await signIn(ctx.server, people[role].username);
  return { people, agents };
}

/** The operator admin's credentials, for createTestApp's env. */
export const TEST_ADMIN = { ADMIN_USERNAME: "operator", ADMIN_PASSWORD: "op-secret-1" };

/** Signs the operator admin in; returns the `Authorization` header value. */
export async function adminAuth(
  app: Callable,
  credentials: { username: string; password: string } = { username: TEST_ADMIN.ADMIN_USERNAME, password: TEST_ADMIN.ADMIN_PASSWORD },
) {
  const res = await request(app).post("/api/admin/login").send(credentials);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return `Bearer ${res.body.token as string}`;
}

/** The file's app (useTestApp) with the operator admin signed in: `ctx.auth` is the Authorization header. */
export function useOperatorApp(options: TestAppOptions = {}) {
  const ctx = useTestApp({ ...options, env: { ...TEST_ADMIN, ...options.env } }) as ReturnType<typeof useTestApp> & { auth: string };
  beforeAll(async () => {
    ctx.auth = await adminAuth(ctx.server);
  });
  return ctx;
}

/** The signed-in user as routes see it, for tests with no database: a provider with no service area. */
export function aCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    username: "u",
    email: null,
    userType: "provider",
    firstName: null,
    lastName: null,
    phone: null,
    companyName: null,
    teamOwnerId: null,
    serviceLocation: null,
    serviceLatitude: null,
    serviceLongitude: null,
    serviceRadius: 20,
    isActive: true,
    teamSeesLeadSpend: false,
    ...overrides,
  };
}
