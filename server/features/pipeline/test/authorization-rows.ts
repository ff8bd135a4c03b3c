// The authorization matrix's rows of pipeline/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { createPurchase } from "../../../setup/factories";
import { cookie, everyone, pipelineUsers, superAdminOnly, providersPurchase, type MatrixPart, type MatrixFixtures } from "../../../test/authorization-routes";
import { signIn } from "../../../test/sign-in";

export const pipelineMatrix: MatrixPart = {
  rows: [
    { method: "get", path: "/api/my-purchased-leads", expect: pipelineUsers(200) },
    { method: "get", path: "/api/lead-purchases", expect: pipelineUsers(200) },
    // Provider CRM (docs/decisions/012): another provider's purchase is "not found", never "forbidden".
    {
      method: "patch",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/sales-stage`,
      body: { salesStage: "called", version: 1 },
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    {
      method: "patch",
      path: async (fx: MatrixFixtures) => `/api/leads/${(await providersPurchase(fx)).leadId}`,
      body: { customerName: "Edited Name", customerPhone: "0412345678", version: 1 },
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
      body: { salesStage: "called", version: 1 },
      expect: cookie({ customer: 403, provider: 404, teamMember: 404, otherProvider: 200, superAdmin: 200 }),
    },
    {
      method: "patch",
      path: async (fx: MatrixFixtures) => `/api/leads/${(await providersPurchase(fx, "otherProvider")).leadId}`,
      body: { customerName: "Edited Name", customerPhone: "0412345678", version: 1 },
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
      body: { assignedTo: null, version: 1 },
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
    // The contact promise (docs/decisions/045): the buyer's side logs attempts; a stranger's purchase is "not found".
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/contact-attempts`,
      body: { channel: "call", outcome: "reached" },
      expect: cookie({ customer: 403, provider: 201, teamMember: 201, otherProvider: 404, superAdmin: 201 }),
    },
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx, "otherProvider")).purchaseId}/contact-attempts`,
      body: { channel: "sms", outcome: "no_answer" },
      expect: cookie({ customer: 403, provider: 404, teamMember: 404, otherProvider: 201, superAdmin: 201 }),
    },
    // Keeping the customer informed (docs/decisions/049): "On my way" as the contact log; a stranger's purchase is "not found".
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/on-my-way`,
      body: { etaMinutes: 20 },
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx, "otherProvider")).purchaseId}/on-my-way`,
      body: { etaMinutes: 20 },
      expect: cookie({ customer: 403, provider: 404, teamMember: 404, otherProvider: 200, superAdmin: 200 }),
    },
    // The calendar feed: each pipeline user their own link; the feed itself opens with its token alone, for anyone.
    { method: "get", path: "/api/calendar-feed", expect: pipelineUsers(200) },
    { method: "post", path: "/api/calendar-feed", expect: pipelineUsers(201) },
    { method: "delete", path: "/api/calendar-feed", expect: pipelineUsers(200) },
    { method: "get", path: `/api/calendar/${"m".repeat(32)}.ics`, expect: everyone(404) },
    {
      method: "get",
      path: async (fx: MatrixFixtures) => {
        const agent = await signIn(fx.app, fx.users.provider.username);
        const { httpsUrl } = (await agent.post("/api/calendar-feed")).body as { httpsUrl: string };
        return new URL(httpsUrl).pathname;
      },
      expect: everyone(200),
    },
    {
      method: "get",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/history`,
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
  ],
  outsideThePolicy: ["GET /api/calendar/:file"],
};
