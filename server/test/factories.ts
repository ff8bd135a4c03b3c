// One set of data factories for tests (STYLE.md: epic-stack habit). Rows go straight into
// the database; sign-in goes through the real login route.
import request from "supertest";
import type { Express } from "express";
import { leads, users, type NewLead, type NewUser, type User } from "../../shared/schema";
import { hashPassword } from "../auth/password";
import type { Db } from "../db/client";
import { newJobReference } from "../leads/job-reference";

export const TEST_PASSWORD = "password123";
let hashed: Promise<string> | undefined;
let seq = 0;

export async function createUser(db: Db, overrides: Partial<NewUser> = {}) {
  hashed ??= hashPassword(TEST_PASSWORD);
  const n = ++seq;
  const [user] = await db
    .insert(users)
    .values({
      username: `user${n}_${Date.now()}`,
      email: `user${n}_${Date.now()}@example.com`,
      password: await hashed,
      userType: "provider",
      firstName: "Test",
      lastName: `Sparky${n}`,
      phone: "0412345678",
      companyName: `Sparky ${n} Electrical`,
      ...overrides,
    })
    .returning();
  return user!;
}

export async function createLead(db: Db, overrides: Partial<NewLead> = {}) {
  const now = new Date();
  const [lead] = await db
    .insert(leads)
    .values({
      jobReference: newJobReference() + (++seq).toString(36),
      customerName: "Karen Mitchell",
      customerPhone: "0411222333",
      customerEmail: "karen@example.com",
      customerAddress: "14 Church St, Parramatta NSW 2150",
      serviceLocation: "14 Church St, Parramatta NSW 2150",
      electricalWork: "Switchboard upgrade to circuit breakers",
      suburb: "Parramatta",
      state: "NSW",
      postcode: "2150",
      startingPrice: "40.00",
      createdAt: now,
      auctionStartedAt: now,
      ...overrides,
    })
    .returning();
  return lead!;
}

/** A supertest agent holding a signed-in session for `username`. */
export async function signIn(app: Express, username: string, password = TEST_PASSWORD) {
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
export async function createCast(ctx: { db: Db; app: Express }, overrides: Partial<Record<CastRole, Partial<NewUser>>> = {}) {
  const owner = await createUser(ctx.db, overrides.owner);
  const people: Record<CastRole, User> = {
    owner,
    rival: await createUser(ctx.db, overrides.rival),
    member: await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id, ...overrides.member }),
    admin: await createUser(ctx.db, { userType: "super_admin", ...overrides.admin }),
    customer: await createUser(ctx.db, { userType: "customer", ...overrides.customer }),
  };
  const agents = {} as Record<CastRole, request.Agent>;
  for (const role of Object.keys(people) as CastRole[]) agents[role] = await signIn(ctx.app, people[role].username);
  return { people, agents };
}
