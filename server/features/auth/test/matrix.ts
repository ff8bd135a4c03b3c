// Walks every feature's rows of the authorization matrix (server/features/<feature>/test/authorization-rows.ts,
// their shapes in server/test/authorization-routes.ts): each route × each caller, in two halves
// (one file each, so each runs in its own worker within the 30 s a file may take).
// Every cell gets a fresh session (or admin token), so a logout or sign-up in one cell
// cannot change what the next cell sees. The matrix is written here by hand, never derived
// from shared/policy.ts: a test that read the policy could not fail when the policy is wrong.
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app";
import { adminMatrix } from "../../admin/test/authorization-rows";
import { alertMatrix } from "../../alerts/test/authorization-rows";
import { analyticsMatrix } from "../../analytics/test/authorization-rows";
import { autoBuyMatrix } from "../../auto-buy/test/authorization-rows";
import { badLeadMatrix } from "../../bad-leads/test/authorization-rows";
import { bookingMatrix } from "../../bookings/test/authorization-rows";
import { callbackMatrix } from "../../callbacks/test/authorization-rows";
import { discountMatrix } from "../../discounts/test/authorization-rows";
import { documentMatrix } from "../../documents/test/authorization-rows";
import { healthMatrix } from "../../health/test/authorization-rows";
import { insightsMatrix } from "../../insights/test/authorization-rows";
import { jobMatrix } from "../../jobs/test/authorization-rows";
import { leadInvoiceMatrix } from "../../lead-invoices/test/authorization-rows";
import { leadIntakeMatrix } from "../../leads/test/authorization-rows";
import { marketplaceMatrix } from "../../marketplace/test/authorization-rows";
import { openApiMatrix } from "../../api-docs/test/authorization-rows";
import { operatorReviewMatrix } from "../../operator-reviews/test/authorization-rows";
import { disputeMatrix } from "../../disputes/test/authorization-rows";
import { paymentMatrix } from "../../payments/test/authorization-rows";
import { pipelineMatrix } from "../../pipeline/test/authorization-rows";
import { refundMatrix } from "../../refunds/test/authorization-rows";
import { reviewMatrix } from "../../reviews/test/authorization-rows";
import { photoMatrix } from "../../photos/test/authorization-rows";
import { profileMatrix } from "../../profiles/test/authorization-rows";
import { marketStatsMatrix } from "../../market-stats/test/authorization-rows";
import { noticeMatrix } from "../../notices/test/authorization-rows";
import { siteMatrix } from "../../site/test/authorization-rows";
import { suburbMatrix } from "../../suburbs/test/authorization-rows";
import { teamMatrix } from "../../team/test/authorization-rows";
import { testRecordMatrix } from "../../test-records/test/authorization-rows";
import { paperworkMatrix } from "../../paperwork/test/authorization-rows";
import { vettingMatrix } from "../../vetting/test/authorization-rows";
import { MATRIX_ROLES, type MatrixFixtures, type MatrixPart, type MatrixRole } from "../../../test/authorization-routes";
import { authMatrix } from "./authorization-rows";
import { policyActionOf } from "../../../platform/access/authorize";
import { createUser, TEST_PASSWORD } from "../../../setup/factories";
import { registeredRoutes } from "../../../test/registered-routes";
import { signIn } from "../../../test/sign-in";

/** Every feature's part of the matrix. */
const PARTS: MatrixPart[] = [
  healthMatrix,
  siteMatrix,
  profileMatrix,
  marketStatsMatrix,
  openApiMatrix,
  suburbMatrix,
  leadIntakeMatrix,
  callbackMatrix,
  analyticsMatrix,
  paymentMatrix,
  authMatrix,
  teamMatrix,
  marketplaceMatrix,
  discountMatrix,
  pipelineMatrix,
  bookingMatrix,
  testRecordMatrix,
  paperworkMatrix,
  insightsMatrix,
  leadInvoiceMatrix,
  adminMatrix,
  badLeadMatrix,
  vettingMatrix,
  alertMatrix,
  jobMatrix,
  refundMatrix,
  operatorReviewMatrix,
  disputeMatrix,
  reviewMatrix,
  photoMatrix,
  documentMatrix,
  autoBuyMatrix,
  noticeMatrix,
];
const AUTHORIZATION_MATRIX = PARTS.flatMap((part) => part.rows);
const OUTSIDE_THE_POLICY = PARTS.flatMap((part) => part.outsideThePolicy ?? []);

const ADMIN = { username: "matrix-operator", password: "matrix-secret" };
const cells = AUTHORIZATION_MATRIX.flatMap((row) =>
  MATRIX_ROLES.map((role) => ({
    row,
    role,
    label: `${row.method.toUpperCase()} ${typeof row.path === "string" ? row.path : "(per cell)"} as ${role}`,
    expected: row.expect[role],
  })),
);

/** Half `half` (0 or 1) of the cells, each file its own app; the first half also checks that every route has a row. */
export function walkTheMatrix(half: 0 | 1) {
  // The app and its fixtures are made here, once per file: the worker shares loaded modules
  // between files (isolate: false), so hooks at this module's top level would run for the first
  // file of a worker only, and a second half run after the first would use its handed-back database.
  // No alert worker: the matrix asks who may call each route, not what is sent afterwards. Left
  // running, it pushed the cells' alerts to the matrix phone's endpoint, which nobody serves, and
  // closing the app waited 20-25 s for those pushes to fail.
  const ctx = useTestApp({ suburbs: true, startAlertWorker: false, env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  let fx: MatrixFixtures;
  let counter = 0;

  beforeAll(async () => {
    const provider = await createUser(ctx.db, { userType: "provider" });
    fx = {
      app: ctx.server,
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

  async function clientFor(role: MatrixRole) {
    if (role === "anonymous") return { agent: request(ctx.server), headers: {} };
    if (role === "operatorAdmin") {
      const res = await request(ctx.server).post("/api/admin/login").send(ADMIN);
      return { agent: request(ctx.server), headers: { Authorization: `Bearer ${res.body.token}` } };
    }
    return { agent: await signIn(ctx.server, fx.users[role].username), headers: {} };
  }

  describe("authorization matrix", () => {
    it("when the table is read, then every row names a status for every role", () => {
      for (const row of AUTHORIZATION_MATRIX)
        for (const role of MATRIX_ROLES) expect(row.expect[role], `${row.method} ${String(row.path)} ${role}`).toBeTypeOf("number");
    });

    it.each(cells.filter((_, i) => i % 2 === half))("when $label, then $expected", async ({ row, role, expected }) => {
      const { agent, headers } = await clientFor(role);
      const path = typeof row.path === "function" ? await row.path(fx) : row.path;
      const body = typeof row.body === "function" ? row.body(fx) : row.body;
      let req = agent[row.method](path).set(headers);
      if (body !== undefined) req = req.send(body as object);
      if (row.file) req = req.attach("file", row.file.bytes, row.file.name);
      // An event stream never ends: read no body, the status is the answer.
      if (row.stream)
        req = req.buffer(false).parse((res, done) => {
          (res as unknown as { destroy(): void }).destroy();
          done(null, {});
        });
      const res = await req;
      expect(res.status, JSON.stringify(res.body)).toBe(expected);
      // Whatever the caller, no answer carries a password or its hash.
      if (!row.describesFields) expect(keysOf(res.body)).not.toContain("password");
      expect(res.text ?? "").not.toContain("scrypt$");
    });

    it.runIf(half === 0)("when the app's registered routes are listed, then each method and path has a row in the table", async () => {
      const routes = registeredRoutes(ctx.app);
      expect(routes.length).toBeGreaterThan(30); // the walk found the API, not an empty stack
      const covered = new Set<string>();
      for (const row of AUTHORIZATION_MATRIX) {
        const path = (typeof row.path === "function" ? await row.path(fx) : row.path).split("?")[0]!;
        // The route Express would dispatch this row to: the first registered match.
        const hit = routes.find((r) => r.method === row.method && r.pattern.test(path));
        if (hit) covered.add(hit.label);
      }
      expect(routes.map((r) => r.label).filter((label) => !covered.has(label))).toEqual([]);
    });

    it.runIf(half === 0)(
      "when the app's registered routes are listed, then each one is guarded first by the policy's allow(), or is named public or operator-only",
      () => {
        const routes = registeredRoutes(ctx.app);
        const outside = new Set<string>(OUTSIDE_THE_POLICY);
        // The exceptions name real routes and carry no policy guard, so the list cannot rot.
        expect([...outside].filter((label) => !routes.some((r) => r.label === label))).toEqual([]);
        expect(routes.filter((r) => outside.has(r.label) && r.handlers.some((h) => policyActionOf(h))).map((r) => r.label)).toEqual([]);
        // Anything else (no guard, a hand-written role check, the operator's token guard) fails here.
        const notByPolicy = routes.filter((r) => !outside.has(r.label) && !policyActionOf(r.handlers[0]));
        expect(notByPolicy.map((r) => r.label)).toEqual([]);
      },
    );
  });
}

/** Every key at any depth of a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}
