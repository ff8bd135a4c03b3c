// Fit and figures (docs/decisions/032): "Report bad lead" is not offered, and the server refuses it, on a purchase where
// nothing was paid: a provider's own job, a lead claimed free at the end of its auction, the
// super admin's claim. A paid purchase can still be reported.
import { eq } from "drizzle-orm";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { BAD_LEAD_MESSAGES } from "../../../shared/bad-lead-messages";
import { reportRefusal } from "../../../shared/bad-leads";
import { badLeadReports, leads, type User } from "../../../shared/schema";
import { createPurchase, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";

const ctx = useTestApp();
let owner: User;
let admin: User;
let ownerAgent: request.Agent;
let adminAgent: request.Agent;

beforeAll(async () => {
  owner = await createUser(ctx.db);
  admin = await createUser(ctx.db, { userType: "super_admin" });
  ownerAgent = await signIn(ctx.server, owner.username);
  adminAgent = await signIn(ctx.server, admin.username);
});

const reportsOf = (purchaseId: number) => ctx.db.select().from(badLeadReports).where(eq(badLeadReports.purchaseId, purchaseId));

describe("reporting a lead nothing was paid for", () => {
  it("when the provider reports their own $0 job, then 400 with the reason and nothing is stored", async () => {
    const purchase = await createPurchase(ctx.db, owner.id, { purchase: { amountPaid: "0.00", originalPrice: "0.00" } });
    await ctx.db.update(leads).set({ source: "provider_manual" }).where(eq(leads.id, purchase.leadId));
    const res = await ownerAgent.post(`/api/lead-purchases/${purchase.id}/report`).send({ reason: "wrong_number" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BAD_LEAD_MESSAGES.ownJob);
    expect(await reportsOf(purchase.id)).toEqual([]);
  });

  it("when the provider reports a lead they claimed free at the end of the auction, then 400 and nothing is stored", async () => {
    const purchase = await createPurchase(ctx.db, owner.id, { purchase: { amountPaid: "0.00", originalPrice: "40.00" } });
    const res = await ownerAgent.post(`/api/lead-purchases/${purchase.id}/report`).send({ reason: "not_a_real_job" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BAD_LEAD_MESSAGES.nothingPaid);
    expect(await reportsOf(purchase.id)).toEqual([]);
  });

  it("when the super admin reports their own claim, then 400 and nothing is stored", async () => {
    const purchase = await createPurchase(ctx.db, admin.id, { purchase: { amountPaid: "0.00", originalPrice: "55.00" } });
    const res = await adminAgent.post(`/api/lead-purchases/${purchase.id}/report`).send({ reason: "duplicate" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BAD_LEAD_MESSAGES.nothingPaid);
    expect(await reportsOf(purchase.id)).toEqual([]);
  });

  it("when the provider reports a lead they paid for, even a single cent, then the report is taken", async () => {
    const purchase = await createPurchase(ctx.db, owner.id, { purchase: { amountPaid: "0.01", purchasedAt: new Date() } });
    const res = await ownerAgent.post(`/api/lead-purchases/${purchase.id}/report`).send({ reason: "wrong_number" });
    expect(res.status).toBe(201);
    expect(await reportsOf(purchase.id)).toHaveLength(1);
  });
});

describe("the rule the card and the server share", () => {
  it("when a purchase is an own job, a $0 claim or a paid purchase, then the refusal says so or is null", () => {
    expect(reportRefusal({ amountPaid: "0.00", leadSource: "provider_manual" })).toBe(BAD_LEAD_MESSAGES.ownJob);
    expect(reportRefusal({ amountPaid: "0.00", leadSource: "quote_form" })).toBe(BAD_LEAD_MESSAGES.nothingPaid);
    expect(reportRefusal({ amountPaid: "0", leadSource: "admin_manual" })).toBe(BAD_LEAD_MESSAGES.nothingPaid);
    expect(reportRefusal({ amountPaid: "40.00", leadSource: "quote_form" })).toBeNull();
  });
});
