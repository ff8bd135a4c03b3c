import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { purchaseChanges, type User } from "../../../shared/schema";
import { useTestApp } from "../../test/app";
import { createLead } from "../../setup/factories";
import { type CastRole, createCast } from "../../test/sign-in";
import { editJobAs, saveJob } from "../../test/job-save";

let clock = new Date("2025-11-22T04:00:00Z");
const ctx = useTestApp({ now: () => clock });
let owner: User, member: User, admin: User;
let agents: Record<CastRole, request.Agent>;

beforeAll(async () => {
  ({
    people: { owner, member, admin },
    agents,
  } = await createCast(ctx, {
    owner: { firstName: "Dave", lastName: "Wilson" },
    member: { firstName: "Mia", lastName: "Team" },
  }));
});

const tick = () => (clock = new Date(clock.getTime() + 60_000));

async function bought() {
  const lead = await createLead(ctx.db, { auctionStartedAt: clock, createdAt: clock, budgetRange: "unsure" });
  const res = await agents.owner.post(`/api/leads/${lead.id}/purchase`).send({});
  expect(res.status).toBe(201);
  return { purchaseId: res.body.purchase.id as number, leadId: lead.id };
}

const changesOf = async (purchaseId: number) =>
  (await ctx.db.select().from(purchaseChanges).where(eq(purchaseChanges.purchaseId, purchaseId)).orderBy(purchaseChanges.id)).map((c) => ({
    field: c.field,
    from: c.oldValue,
    to: c.newValue,
    by: c.changedBy,
  }));

describe("audit rows", () => {
  it("when notes, quote price and payment change, then one row each records who, old and new; unchanged values write none", async () => {
    const { purchaseId } = await bought();
    const stage = (agent: request.Agent, body: object) => saveJob(ctx.db, agent, purchaseId, body);
    await stage(agents.owner, { salesStage: "quote_sent", salesNotes: "Site visit Tue", quotePrice: "850" });
    await stage(agents.member, { salesNotes: "Site visit Tue", quotePrice: "850.00" });
    await stage(agents.member, { salesStage: "invoice_paid", customerPaymentAmount: "1200.5", salesNotes: "Paid cash" });
    expect(await changesOf(purchaseId)).toEqual([
      { field: "salesNotes", from: null, to: "Site visit Tue", by: owner.id },
      { field: "quotePrice", from: null, to: "850.00", by: owner.id },
      { field: "salesNotes", from: "Site visit Tue", to: "Paid cash", by: member.id },
      { field: "customerPaymentAmount", from: null, to: "1200.50", by: member.id },
    ]);
  });

  it("when job details are edited, then each changed field is recorded and untouched ones are not", async () => {
    const { purchaseId, leadId } = await bought();
    const res = await editJobAs(ctx.db, agents.member, leadId, {
      customerName: "Karen Mitchell-Ng",
      customerPhone: "0411222333",
      budgetRange: "unsure",
      urgency: "flexible",
    });
    expect(res.status).toBe(200);
    expect(await changesOf(purchaseId)).toEqual([
      { field: "customerName", from: "Karen Mitchell", to: "Karen Mitchell-Ng", by: member.id },
      { field: "urgency", from: "within_week", to: "flexible", by: member.id },
    ]);
  });

  it("when a phone stored with spaces is only normalised, then no phone change is recorded", async () => {
    const lead = await createLead(ctx.db, { auctionStartedAt: clock, createdAt: clock, customerPhone: "0466 333 444" });
    const purchaseId = (await agents.owner.post(`/api/leads/${lead.id}/purchase`).send({})).body.purchase.id;
    expect((await editJobAs(ctx.db, agents.owner, lead.id, { customerName: "Greg T", customerPhone: "0466 333 444" })).body.customerPhone).toBe("0466333444");
    expect((await changesOf(purchaseId)).map((c) => c.field)).toEqual(["customerName"]);
  });

  it("when the owner archives and the super admin releases, then both are recorded", async () => {
    const archived = await bought();
    await agents.owner.post(`/api/lead-purchases/${archived.purchaseId}/archive`).send({});
    expect(await changesOf(archived.purchaseId)).toEqual([{ field: "isArchived", from: "false", to: "true", by: owner.id }]);
    const released = await bought();
    await agents.admin.post(`/api/lead-purchases/${released.purchaseId}/unpurchase`).send({});
    expect(await changesOf(released.purchaseId)).toEqual([{ field: "releaseReason", from: null, to: "unpurchased", by: admin.id }]);
  });
});

describe("purchase history", () => {
  it("when the buyer, their team or the super admin asks, then stage and other changes come newest first with names only", async () => {
    const { purchaseId } = await bought();
    tick();
    await saveJob(ctx.db, agents.owner, purchaseId, { salesStage: "called" });
    tick();
    await saveJob(ctx.db, agents.member, purchaseId, { salesStage: "quote_sent", quotePrice: "400" });
    for (const agent of [agents.owner, agents.member, agents.admin]) {
      const res = await agent.get(`/api/lead-purchases/${purchaseId}/history`);
      expect(res.status).toBe(200);
      expect(res.body.map((e: { field: string; from: string; to: string; by: string }) => [e.field, e.from, e.to, e.by])).toEqual([
        ["quotePrice", null, "400.00", "Mia Team"],
        ["salesStage", "called", "quote_sent", "Mia Team"],
        ["salesStage", "purchased", "called", "Dave Wilson"],
      ]);
      expect(res.body[0].at).toBe(clock.toISOString());
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(owner.email!);
      expect(text).not.toContain(member.username);
      expect(text).not.toContain("password");
    }
  });

  it("when another provider asks, then 404; a customer gets 403", async () => {
    const { purchaseId } = await bought();
    expect((await agents.rival.get(`/api/lead-purchases/${purchaseId}/history`)).status).toBe(404);
    expect((await agents.customer.get(`/api/lead-purchases/${purchaseId}/history`)).status).toBe(403);
  });
});
