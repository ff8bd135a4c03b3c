// The authorization matrix (docs/decisions/010): every API route × every kind of caller → the status
// expected. server/auth/authorization-matrix.test.ts walks this one list; each later issue
// adds the rows of the routes it registers (docs/product.md section 10 "Roles").
import { createECDH, randomBytes } from "node:crypto";
import type { Express } from "express";
import { DEFAULT_ALERT_PREFERENCES } from "../../shared/alerts";
import { pushDevices } from "../../shared/schema";
import type { Db } from "../db/client";
import { createCallback, createDiscountCode, createLead, createPurchase, createReport, createUser } from "../db/factories";
import { testLicence } from "./licence";

export const MATRIX_ROLES = ["anonymous", "customer", "provider", "teamMember", "otherProvider", "superAdmin", "operatorAdmin"] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

export interface MatrixUser {
  id: number;
  username: string;
}

/** What a row's path or body may use. `provider` owns `teamMember`; `otherProvider` is a stranger. */
export interface MatrixFixtures {
  app: Express;
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
  /** An answer that never ends (Server-Sent Events): the cell reads the status, then hangs up. */
  stream?: true;
  /** The OpenAPI document: its keys name request fields ("password"), they hold no values. */
  describesFields?: true;
  expect: Record<MatrixRole, number>;
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
const ownersOnly = (ok: number, otherProvider = ok, superAdmin = ok) => cookie({ customer: 403, provider: ok, teamMember: 403, otherProvider, superAdmin });

/** Operator admin bearer routes: every cookie, whatever its role, is 401. */
const operatorOnly = (ok: number): Record<MatrixRole, number> => ({ ...everyone(401), operatorAdmin: ok });

const providerBody = (fx: MatrixFixtures) => {
  const u = fx.unique();
  return {
    username: `m_${u}`,
    email: `m_${u}@example.com`,
    password: "secret123",
    firstName: "Matrix",
    lastName: "Row",
    phone: "0412345678",
    companyName: "Matrix Electrical",
    ...testLicence(),
  };
};

/** A fresh team member of `owner` (by default `provider`, whose team `teamMember` is on). */
async function memberOfProvider(fx: MatrixFixtures, owner: "provider" | "otherProvider" = "provider") {
  return (await createUser(fx.db, { userType: "team_member", teamOwnerId: fx.users[owner].id })).id;
}

/** A fresh available lead on the marketplace. */
async function marketLead(fx: MatrixFixtures) {
  return (await createLead(fx.db)).id;
}

/**
 * A fresh lead bought by `owner`, by default `provider` (so `teamMember` shares it); with
 * `otherProvider` it is a stranger's, out of `provider`'s and `teamMember`'s reach.
 */
async function providersPurchase(fx: MatrixFixtures, owner: "provider" | "otherProvider" = "provider") {
  const purchase = await createPurchase(fx.db, fx.users[owner].id, { purchase: { buyerName: "Matrix Buyer", amountPaid: "10.00" } });
  return { purchaseId: purchase.id, leadId: purchase.leadId };
}

const quoteBody = {
  serviceLocation: "12 Smith St, North Parramatta NSW 2151",
  electricalWork: "Replace the old switchboard with a new one with RCDs",
  customerName: "Matrix Customer",
  customerPhone: "0412345678",
};
const callbackBody = {
  firstName: "Matrix",
  lastName: "Caller",
  mobile: "0412345678",
  email: "matrix.caller@example.com",
  businessName: "Matrix Electrical",
  serviceArea: "Parramatta NSW",
};

const buyersOnly = (ok: number) => cookie({ customer: 403, provider: ok, teamMember: 403, otherProvider: ok, superAdmin: ok });
const pipelineUsers = (ok: number) => cookie({ customer: 403, provider: ok, teamMember: ok, otherProvider: ok, superAdmin: ok });
/** New-lead alerts (docs/decisions/029): providers and team members; customers and the super admin 403. */
const alertTakers = (ok: number) => cookie({ customer: 403, provider: ok, teamMember: ok, otherProvider: ok, superAdmin: 403 });
const superAdminOnly = (ok: number) => cookie({ customer: 403, provider: 403, teamMember: 403, otherProvider: 403, superAdmin: ok });

export const AUTHORIZATION_MATRIX: MatrixRow[] = [
  // Foundation: public reads.
  { method: "get", path: "/api/health", expect: everyone(200) },
  { method: "get", path: "/api/config/public", expect: everyone(200) },
  { method: "get", path: "/api/config/google-places-key", expect: everyone(200) },
  { method: "get", path: "/api/openapi.json", describesFields: true, expect: everyone(200) },
  { method: "get", path: "/api/suburbs?q=parra", expect: everyone(200) },

  // Public forms (docs/decisions/007): open to everyone, signed in or not. The matrix app has no Stripe
  // configured, so its webhook is "not found" for all; the signature is its only gate
  // (server/payments/stripe.test.ts).
  { method: "post", path: "/api/leads", body: quoteBody, expect: everyone(201) },
  // The customer's mobile check (docs/decisions/034): the token is the only key; an unknown one is 404 for all.
  { method: "post", path: "/api/leads/verify-phone", body: { verification: "m".repeat(32), code: "123456" }, expect: everyone(404) },
  { method: "post", path: "/api/leads/resend-code", body: { verification: "m".repeat(32) }, expect: everyone(404) },
  { method: "post", path: "/api/provider-callbacks", body: callbackBody, expect: everyone(201) },
  { method: "post", path: "/api/analytics/track", body: { eventType: "page_view", pagePath: "/" }, expect: everyone(204) },
  { method: "post", path: "/api/stripe/webhook", body: { id: "evt_matrix", type: "payment_intent.succeeded" }, expect: everyone(404) },

  // Accounts and sessions (docs/decisions/009).
  { method: "get", path: "/api/auth/me", expect: cookie({ customer: 200, provider: 200, teamMember: 200, otherProvider: 200, superAdmin: 200 }) },
  {
    method: "post",
    path: "/api/auth/login",
    body: (fx: MatrixFixtures) => ({ username: fx.users.otherProvider.username, password: fx.password }),
    expect: everyone(200),
  },
  { method: "post", path: "/api/auth/logout", expect: everyone(200) },
  { method: "post", path: "/api/auth/provider/signup", body: providerBody, expect: everyone(201) },
  { method: "post", path: "/api/auth/customer/signup", body: providerBody, expect: everyone(201) },
  { method: "post", path: "/api/auth/forgot-password", body: (fx: MatrixFixtures) => ({ email: `f_${fx.unique()}@example.com` }), expect: everyone(200) },
  {
    method: "post",
    path: "/api/auth/reset-password",
    body: { token: "not-a-real-token", password: "secret123", confirmPassword: "secret123" },
    expect: everyone(400),
  },
  {
    method: "patch",
    path: "/api/auth/update-service-area",
    body: { serviceLocation: "Parramatta NSW 2150", serviceLatitude: -33.8136, serviceLongitude: 151.0034, serviceRadius: 20 },
    expect: ownersOnly(200),
  },
  { method: "get", path: "/api/team", expect: ownersOnly(200) },
  {
    method: "post",
    path: "/api/team",
    body: (fx: MatrixFixtures) => {
      const u = fx.unique();
      return { firstName: "New", lastName: "Member", username: `nm_${u}`, email: `nm_${u}@example.com`, password: "secret123" };
    },
    expect: ownersOnly(201),
  },
  // A member of `provider`: only that owner removes it; anyone else's lookup is "not found".
  { method: "delete", path: async (fx: MatrixFixtures) => `/api/team/${await memberOfProvider(fx)}`, expect: ownersOnly(204, 404, 404) },
  // Another provider's member: `teamMember` may not manage a team at all, `provider` cannot see it.
  {
    method: "delete",
    path: async (fx: MatrixFixtures) => `/api/team/${await memberOfProvider(fx, "otherProvider")}`,
    expect: cookie({ customer: 403, provider: 404, teamMember: 403, otherProvider: 204, superAdmin: 404 }),
  },
  { method: "post", path: "/api/admin/login", body: (fx: MatrixFixtures) => fx.admin, expect: everyone(200) },
  { method: "get", path: "/api/admin/session", expect: operatorOnly(200) },
  { method: "post", path: "/api/admin/logout", expect: operatorOnly(200) },

  // Marketplace (docs/decisions/011).
  { method: "get", path: "/api/leads", expect: buyersOnly(200) },
  { method: "get", path: "/api/leads/area-preview?latitude=-33.8136&longitude=151.0034&radius=20", expect: ownersOnly(200) },
  // The live market (docs/decisions/024): the same people as the market itself.
  { method: "get", path: "/api/leads/stream", stream: true, expect: buyersOnly(200) },
  { method: "get", path: async (fx: MatrixFixtures) => `/api/leads/${await marketLead(fx)}/listing`, expect: buyersOnly(200) },
  { method: "post", path: async (fx: MatrixFixtures) => `/api/leads/${await marketLead(fx)}/purchase`, body: {}, expect: buyersOnly(201) },
  { method: "post", path: "/api/create-payment-intent", body: { leadId: 1 }, expect: buyersOnly(400) },
  { method: "post", path: "/api/discount-codes/validate", body: { code: "NO-SUCH-CODE" }, expect: buyersOnly(400) },
  { method: "post", path: "/api/discount-codes/apply", body: { code: "NO-SUCH-CODE", leadId: 1 }, expect: buyersOnly(400) },
  { method: "get", path: "/api/my-purchased-leads", expect: pipelineUsers(200) },
  { method: "get", path: "/api/lead-purchases", expect: pipelineUsers(200) },
  { method: "post", path: async (fx: MatrixFixtures) => `/api/leads/${await marketLead(fx)}/archive`, expect: superAdminOnly(200) },

  // Provider CRM (docs/decisions/012): another provider's purchase is "not found", never "forbidden".
  {
    method: "patch",
    path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/sales-stage`,
    body: { salesStage: "called" },
    expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
  },
  {
    method: "patch",
    path: async (fx: MatrixFixtures) => `/api/leads/${(await providersPurchase(fx)).leadId}`,
    body: { customerName: "Edited Name", customerPhone: "0412345678" },
    expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 404 }),
  },
  {
    method: "post",
    path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/archive`,
    expect: cookie({ customer: 403, provider: 200, teamMember: 403, otherProvider: 404, superAdmin: 200 }),
  },
  // The same calls on `otherProvider`'s purchase: `provider` and their `teamMember` get "not found".
  {
    method: "patch",
    path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx, "otherProvider")).purchaseId}/sales-stage`,
    body: { salesStage: "called" },
    expect: cookie({ customer: 403, provider: 404, teamMember: 404, otherProvider: 200, superAdmin: 200 }),
  },
  {
    method: "patch",
    path: async (fx: MatrixFixtures) => `/api/leads/${(await providersPurchase(fx, "otherProvider")).leadId}`,
    body: { customerName: "Edited Name", customerPhone: "0412345678" },
    expect: cookie({ customer: 403, provider: 404, teamMember: 404, otherProvider: 200, superAdmin: 404 }),
  },
  {
    method: "post",
    path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx, "otherProvider")).purchaseId}/archive`,
    expect: cookie({ customer: 403, provider: 404, teamMember: 403, otherProvider: 200, superAdmin: 200 }),
  },
  // Pipeline work (docs/decisions/031): only owners assign; the calendar file and follow-ups as the pipeline.
  {
    method: "patch",
    path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/assignee`,
    body: { assignedTo: null },
    expect: cookie({ customer: 403, provider: 200, teamMember: 403, otherProvider: 404, superAdmin: 200 }),
  },
  {
    method: "get",
    path: async (fx: MatrixFixtures) => {
      const purchase = await createPurchase(fx.db, fx.users.provider.id, {
        purchase: { buyerName: "Matrix Buyer", jobStartsAt: new Date("2030-01-02T00:00:00Z") },
      });
      return `/api/lead-purchases/${purchase.id}/calendar.ics`;
    },
    expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
  },
  { method: "get", path: "/api/lead-purchases/follow-ups", expect: pipelineUsers(200) },
  {
    method: "post",
    path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/unpurchase`,
    expect: superAdminOnly(200),
  },
  {
    method: "post",
    path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/contact-to-lead`,
    expect: superAdminOnly(200),
  },
  {
    method: "post",
    path: "/api/leads/manual",
    body: { serviceLocation: "Parramatta NSW 2150", electricalWork: "Matrix manual job", customerName: "Matrix Customer", customerPhone: "0412345678" },
    expect: pipelineUsers(201),
  },
  { method: "get", path: "/api/my-purchased-leads/export.csv", expect: pipelineUsers(200) },

  // Operator admin and marketplace operations: bearer token only; fresh rows per cell.
  { method: "get", path: "/api/admin/analytics", expect: operatorOnly(200) },
  { method: "get", path: "/api/admin/providers?q=matrix&limit=5", expect: operatorOnly(200) },
  {
    method: "patch",
    path: async (fx: MatrixFixtures) => `/api/admin/providers/${await admin7.freshProvider(fx)}`,
    body: { isActive: true },
    expect: operatorOnly(200),
  },
  { method: "get", path: "/api/admin/leads?status=available", expect: operatorOnly(200) },
  { method: "get", path: "/api/admin/callbacks?status=pending", expect: operatorOnly(200) },
  {
    method: "patch",
    path: async (fx: MatrixFixtures) => `/api/admin/callbacks/${await admin7.freshCallback(fx)}`,
    body: { status: "contacted" },
    expect: operatorOnly(200),
  },
  { method: "get", path: "/api/admin/discount-codes", expect: operatorOnly(200) },
  {
    method: "post",
    path: "/api/admin/discount-codes",
    body: (fx: MatrixFixtures) => ({ code: `M${fx.unique()}`, discountType: "free" }),
    expect: operatorOnly(201),
  },
  {
    method: "patch",
    path: async (fx: MatrixFixtures) => `/api/admin/discount-codes/${await admin7.freshCode(fx)}`,
    body: { isActive: false },
    expect: operatorOnly(200),
  },
  { method: "get", path: "/api/admin/reports?status=pending", expect: operatorOnly(200) },
  { method: "post", path: async (fx: MatrixFixtures) => `/api/admin/reports/${await admin7.freshReport(fx)}/approve`, body: {}, expect: operatorOnly(200) },
  {
    method: "post",
    path: async (fx: MatrixFixtures) => `/api/admin/reports/${await admin7.freshReport(fx)}/reject`,
    body: { note: "Matrix note" },
    expect: operatorOnly(200),
  },
  // Only the buyer reports; the team sees the outcome but may not report; a stranger's lookup is "not found".
  {
    method: "post",
    path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/report`,
    body: { reason: "wrong_number" },
    expect: cookie({ customer: 403, provider: 201, teamMember: 403, otherProvider: 404, superAdmin: 404 }),
  },
  {
    method: "post",
    path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx, "otherProvider")).purchaseId}/report`,
    body: { reason: "wrong_number" },
    expect: cookie({ customer: 403, provider: 404, teamMember: 403, otherProvider: 201, superAdmin: 404 }),
  },
  { method: "get", path: "/api/bad-lead-reports/mine", expect: pipelineUsers(200) },
  // Vetted electricians (docs/decisions/033): the dashboard's standing (a team member sees the owner's),
  // and the operator's queue and verdicts on fresh pending providers.
  { method: "get", path: "/api/auth/verification", expect: pipelineUsers(200) },
  { method: "get", path: "/api/admin/verification", expect: operatorOnly(200) },
  { method: "post", path: async (fx: MatrixFixtures) => `/api/admin/providers/${await admin7.freshPendingProvider(fx)}/approve`, expect: operatorOnly(200) },
  {
    method: "post",
    path: async (fx: MatrixFixtures) => `/api/admin/providers/${await admin7.freshPendingProvider(fx)}/reject`,
    body: { reason: "Matrix reason" },
    expect: operatorOnly(200),
  },
  {
    method: "post",
    path: async (fx: MatrixFixtures) => `/api/admin/providers/${await admin7.freshProvider(fx)}/licence`,
    body: { licenceNumber: "123456C", licenceState: "NSW", licenceExpiry: `${new Date().getFullYear() + 2}-06-30` },
    expect: operatorOnly(200),
  },
  { method: "get", path: `/api/invitations/${"u".repeat(43)}`, expect: everyone(404) },
  {
    method: "get",
    path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/history`,
    expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
  },

  // New-lead alerts (docs/decisions/029): providers and team members, not customers or the super admin.
  { method: "get", path: "/api/alerts/settings", expect: alertTakers(200) },
  { method: "put", path: "/api/alerts/preferences", body: DEFAULT_ALERT_PREFERENCES, expect: alertTakers(200) },
  { method: "post", path: "/api/alerts/devices", body: () => ({ subscription: freshSubscription(), label: "Matrix phone" }), expect: alertTakers(201) },
  {
    method: "delete",
    path: async (fx: MatrixFixtures) => `/api/alerts/devices/${await providersDevice(fx)}`,
    expect: cookie({ customer: 403, provider: 204, teamMember: 404, otherProvider: 404, superAdmin: 403 }),
  },
  // The signed token is the only gate: a bad one is 400 for everyone.
  { method: "post", path: "/api/alerts/unsubscribe?token=1.bad", body: {}, expect: everyone(400) },
];

/**
 * Routes the policy's guard does not open: public ones, and the operator admin's, whose
 * bearer token (requireAdmin) no session role opens. Every other route must be guarded by
 * allow() (server/auth/authorization-matrix.test.ts checks).
 */
export const OUTSIDE_THE_POLICY = [
  "GET /api/health",
  "GET /api/config/public",
  "GET /api/config/google-places-key",
  "GET /api/openapi.json",
  "GET /api/suburbs",
  "POST /api/leads",
  "POST /api/leads/verify-phone",
  "POST /api/leads/resend-code",
  "POST /api/provider-callbacks",
  "POST /api/analytics/track",
  "POST /api/stripe/webhook",
  "POST /api/alerts/unsubscribe",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "POST /api/auth/provider/signup",
  "POST /api/auth/customer/signup",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  "GET /api/invitations/:token",
  "POST /api/admin/login",
  // Operator admin: the bearer token only.
  "GET /api/admin/session",
  "POST /api/admin/logout",
  "GET /api/admin/analytics",
  "GET /api/admin/providers",
  "PATCH /api/admin/providers/:id",
  "GET /api/admin/leads",
  "GET /api/admin/callbacks",
  "PATCH /api/admin/callbacks/:id",
  "GET /api/admin/discount-codes",
  "POST /api/admin/discount-codes",
  "PATCH /api/admin/discount-codes/:id",
  "GET /api/admin/reports",
  "POST /api/admin/reports/:id/approve",
  "POST /api/admin/reports/:id/reject",
  "GET /api/admin/verification",
  "POST /api/admin/providers/:id/approve",
  "POST /api/admin/providers/:id/reject",
  "POST /api/admin/providers/:id/licence",
] as const;

/** A browser's push subscription with a real P-256 key, at an endpoint nobody serves. */
function freshSubscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/${randomBytes(8).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

async function providersDevice(fx: MatrixFixtures) {
  const s = freshSubscription();
  const [row] = await fx.db
    .insert(pushDevices)
    .values({ userId: fx.users.provider.id, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, label: "Matrix phone" })
    .returning({ id: pushDevices.id });
  return row!.id;
}

/** Fresh rows for the operator admin rows above (server/db/factories.ts). */
const admin7 = {
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
