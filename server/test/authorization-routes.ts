// The authorization matrix (docs/decisions/010): every API route × every kind of caller → the status
// expected (docs/product.md section 10 "Roles"). Each feature writes the rows of the routes it
// registers in its own test/authorization-rows.ts; server/features/auth/authorization-matrix.test.ts walks
// them all. Here: the roles, the fixtures a row may use, and the helpers several features share.
import { eq } from "drizzle-orm";
import { users } from "../../shared/schema";
import type { Callable } from "./sign-in";
import type { Db } from "../platform/db/client";
import { createCallback, createDiscountCode, createPurchase, createReport, createUser } from "../setup/factories";

export const MATRIX_ROLES = ["anonymous", "customer", "provider", "teamMember", "otherProvider", "superAdmin", "operatorAdmin"] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

export interface MatrixUser {
  id: number;
  username: string;
}

/** What a row's path or body may use. `provider` owns `teamMember`; `otherProvider` is a stranger. */
export interface MatrixFixtures {
  /** The matrix app, listening (TestApp's `server`). */
  app: Callable;
  db: Db;
  users: Record<Exclude<MatrixRole, "anonymous" | "operatorAdmin">, MatrixUser>;
  /** A value unique to this call: fresh usernames, emails. */
  unique(): string;
  /** Operator admin credentials configured for the matrix app. */
  admin: { username: string; password: string };
  password: string;
}

export interface MatrixRow {
  method: "get" | "post" | "patch" | "put" | "delete";
  /** A fixed path, or one built per cell (e.g. a fresh record to delete). */
  path: string | ((fx: MatrixFixtures) => string | Promise<string>);
  body?: unknown | ((fx: MatrixFixtures) => unknown);
  /** Sent as multipart/form-data with this file in the field `file` (photo uploads, docs/decisions/050-photos.md). */
  file?: { name: string; bytes: Buffer };
  /** An answer that never ends (Server-Sent Events): the cell reads the status, then hangs up. */
  stream?: true;
  /** The OpenAPI document: its keys name request fields ("password"), they hold no values. */
  describesFields?: true;
  expect: Record<MatrixRole, number>;
}

/** One feature's part of the matrix: its rows, and those of its routes no policy guard opens. */
export interface MatrixPart {
  rows: MatrixRow[];
  /**
   * Routes the policy's guard does not open: public ones, and the operator admin's, whose
   * bearer token (requireAdmin) no session role opens. Every other route must be guarded by
   * allow() (server/features/auth/authorization-matrix.test.ts checks). As Express names them: "GET /api/team/:id".
   */
  outsideThePolicy?: string[];
}

/** Same status for every caller: public routes. */
export const everyone = (status: number): Record<MatrixRole, number> => Object.fromEntries(MATRIX_ROLES.map((r) => [r, status])) as Record<MatrixRole, number>;

/** Cookie routes: no cookie (anonymous, operator admin) is 401; the rest as given. */
export const cookie = (statuses: Omit<Record<MatrixRole, number>, "anonymous" | "operatorAdmin">): Record<MatrixRole, number> => ({
  anonymous: 401,
  operatorAdmin: 401,
  ...statuses,
});

/** Provider and super admin allowed (`ok`), customer and team member 403. */
export const ownersOnly = (ok: number, otherProvider = ok, superAdmin = ok) =>
  cookie({ customer: 403, provider: ok, teamMember: 403, otherProvider, superAdmin });

/** Operator admin bearer routes: every cookie, whatever its role, is 401. */
export const operatorOnly = (ok: number): Record<MatrixRole, number> => ({ ...everyone(401), operatorAdmin: ok });

/**
 * A fresh lead bought by `owner`, by default `provider` (so `teamMember` shares it); with
 * `otherProvider` it is a stranger's, out of `provider`'s and `teamMember`'s reach.
 */
export async function providersPurchase(fx: MatrixFixtures, owner: "provider" | "otherProvider" = "provider") {
  const purchase = await createPurchase(fx.db, fx.users[owner].id, { purchase: { buyerName: "Matrix Buyer", amountPaid: "10.00" } });
  return { purchaseId: purchase.id, leadId: purchase.leadId };
}

export const buyersOnly = (ok: number) => cookie({ customer: 403, provider: ok, teamMember: 403, otherProvider: ok, superAdmin: ok });
export const pipelineUsers = (ok: number) => cookie({ customer: 403, provider: ok, teamMember: ok, otherProvider: ok, superAdmin: ok });
/** New-lead alerts (docs/decisions/029): providers and team members; customers and the super admin 403. */
export const alertTakers = (ok: number) => cookie({ customer: 403, provider: ok, teamMember: ok, otherProvider: ok, superAdmin: 403 });
export const superAdminOnly = (ok: number) => cookie({ customer: 403, provider: 403, teamMember: 403, otherProvider: 403, superAdmin: ok });

/** Fresh rows for the operator admin's rows (server/setup/factories.ts). */
export const admin7 = {
  async freshProvider(fx: MatrixFixtures) {
    return (await createUser(fx.db)).id;
  },
  async freshPendingProvider(fx: MatrixFixtures) {
    return (await createUser(fx.db, { verificationStatus: "pending" })).id;
  },
  async freshCallback(fx: MatrixFixtures) {
    return (await createCallback(fx.db)).id;
  },
  async freshCode(fx: MatrixFixtures) {
    return (await createDiscountCode(fx.db)).id;
  },
  async freshReport(fx: MatrixFixtures) {
    return (await createReport(fx.db, await createPurchase(fx.db, fx.users.provider.id))).id;
  },
};

/**
 * `provider` lets the team see lead spend or keeps it private (docs/decisions/087-lead-spend-private-from-the-team.md),
 * then `path`: a row sets its own state, so the rows' order does not matter. The session reads it each request.
 */
export function withLeadSpendShared(on: boolean, path: string | ((fx: MatrixFixtures) => Promise<string>)) {
  return async (fx: MatrixFixtures) => {
    await fx.db.update(users).set({ teamSeesLeadSpend: on }).where(eq(users.id, fx.users.provider.id));
    return typeof path === "string" ? path : path(fx);
  };
}

/** A lead-spend route (the policy's seeLeadSpend): every pipeline user, a team member only when their owner shares it. */
export const leadSpenders = (ok: number, shared: boolean) =>
  cookie({ customer: 403, provider: ok, teamMember: shared ? ok : 403, otherProvider: ok, superAdmin: ok });
