// The customer stays the customer (docs/decisions/073-the-customers-own-contact.md), over HTTP on
// either database: a buyer's "Edit job details" changes their working copy only, so no buyer can
// take the customer's job page (the takeover), send the "customer unreachable" question to a
// number nobody answers (the forged refund), or hand their edits to the next buyer of a relisted
// or unpurchased lead. Each chain is the one an attacker walked, end to end.
import { and, eq, like } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobLookupVerifyResponse } from "../../../shared/jobs";
import type { MarketLead } from "../../../shared/marketplace";
import type { PurchasedLead } from "../../../shared/pipeline";
import { leadPurchases, leads, operatorReviews, outboxMessages, purchaseRefunds, type User } from "../../../shared/schema";
import { createLead, createUser } from "../../setup/factories";
import { QUOTE } from "../../core/alerts/test/alerts";
import { createTestApp, type TestApp } from "../../test/app";
import { editJobAs } from "../../test/job-save";
import { signIn } from "../../test/sign-in";

// Monday 23 November 2026, 12:00 in Sydney; every request reads this clock.
const clock = { now: new Date("2026-11-23T01:00:00.000Z") };
const later = (minutes: number) => (clock.now = new Date(clock.now.getTime() + minutes * 60_000));

const CUSTOMER_MOBILE = "0412345678";
/** The buyer's own mobile, typed over the customer's. */
const BUYERS_MOBILE = "0499111222";
/** A number nobody answers. */
const DEAD_NUMBER = "0400000001";

let ctx: TestApp;
let buyer: User;
let rival: User;
let buyerAgent: request.Agent;
let rivalAgent: request.Agent;
let adminAgent: request.Agent;

beforeAll(async () => {
  ctx = await createTestApp({
    suburbs: true,
    now: () => clock.now,
    startAlertWorker: false,
    env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "1000", RATE_LIMIT_JOB_PAGE_PER_IP: "100000", RATE_LIMIT_SMS_PER_IP: "100000" },
  });
  buyer = await createUser(ctx.db, { phone: BUYERS_MOBILE, companyName: "Mallory Electrical" });
  rival = await createUser(ctx.db, { companyName: "Honest Sparks" });
  const admin = await createUser(ctx.db, { userType: "super_admin" });
  buyerAgent = await signIn(ctx.server, buyer.username);
  rivalAgent = await signIn(ctx.server, rival.username);
  adminAgent = await signIn(ctx.server, admin.username);
});
afterAll(() => ctx.destroy());

/** A customer's emergency quote (promised within 30 minutes), bought by `agent` now. */
async function boughtQuote(agent = buyerAgent, quote: Partial<typeof QUOTE> = {}) {
  const res = await request(ctx.server)
    .post("/api/leads")
    .send({ ...QUOTE, ...quote });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const token = (res.body.jobUrl as string).slice("/job/".length);
  const [lead] = await ctx.db
    .select()
    .from(leads)
    .where(eq(leads.jobReference, res.body.jobReference as string));
  const sale = await agent.post(`/api/leads/${lead!.id}/purchase`).send({});
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  return { token, lead: lead!, purchaseId: sale.body.purchase.id as number };
}

/** Every field of "Edit job details" typed over with the buyer's own. */
const takeover = (phone: string) => ({
  customerName: "Mallory Buyer",
  customerPhone: phone,
  customerEmail: "mallory@example.com",
  customerAddress: "1 Fake St, Penrith NSW 2750",
  serviceLocation: "Penrith NSW 2750",
  electricalWork: "Rewire everything, call Mallory on 0499 111 222",
  specialRequests: "Ask for Mallory",
});

const lookup = (phone: string) => request(ctx.server).post("/api/jobs/lookup").send({ phone });
const smsTo = (phone: string) =>
  ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, `sms:${phone}`));
const cardOf = async (agent: request.Agent, purchaseId: number) =>
  ((await agent.get("/api/my-purchased-leads")).body as PurchasedLead[]).find((p) => p.id === purchaseId)!;

describe("the takeover", () => {
  it("when the buyer types their own mobile over the customer's, then the card shows it, but the lookup, the job link and the review code stay the customer's", async () => {
    const { token, lead, purchaseId } = await boughtQuote();
    expect((await editJobAs(ctx.db, buyerAgent, lead.id, takeover(BUYERS_MOBILE))).status).toBe(200);
    expect((await cardOf(buyerAgent, purchaseId)).lead).toMatchObject({ customerName: "Mallory Buyer", customerPhone: BUYERS_MOBILE });

    // A lookup with the buyer's number finds nothing: the same 202, no code, nothing sent.
    const theirs = await lookup(BUYERS_MOBILE);
    expect(theirs.status).toBe(202);
    expect(theirs.body.devCode).toBeUndefined();
    // The customer's own link still opens their job, and their own mobile finds it again.
    expect((await request(ctx.server).get(`/api/jobs/${token}`)).status).toBe(200);
    const mine = await lookup(CUSTOMER_MOBILE);
    expect(mine.body.devCode).toMatch(/^\d{6}$/);
    const found = await request(ctx.server).post("/api/jobs/lookup/verify").send({ phone: CUSTOMER_MOBILE, code: mine.body.devCode });
    expect(found.status).toBe(200);
    const job = (found.body as JobLookupVerifyResponse).jobs.find((j) => j.jobReference === lead.jobReference);
    // The verified lookup hands out a fresh link and revokes the older ones (docs/decisions/044-job-page.md).
    const fresh = job!.jobUrl.slice(job!.jobUrl.indexOf("/job/") + "/job/".length);

    // The review code (and every other text about this job) goes to the customer's mobile only.
    await buyerAgent.patch(`/api/lead-purchases/${purchaseId}/sales-stage`).send({ salesStage: "invoice_paid", version: 2 });
    const code = await request(ctx.server).post(`/api/jobs/${fresh}/review-code`).send({});
    expect(code.status, JSON.stringify(code.body)).toBe(202);
    const texts = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.leadId, lead.id));
    expect(texts.filter((m) => m.channel === "sms").map((m) => m.recipient)).not.toHaveLength(0);
    for (const text of texts.filter((m) => m.channel === "sms")) expect(text.recipient).toBe(`sms:${CUSTOMER_MOBILE}`);
    expect(await smsTo(BUYERS_MOBILE)).toEqual([]);
  });

  it("when the buyer edits the urgency of an emergency, then their card keeps the customer's 30-minute promise, the one the relist enforces", async () => {
    const { lead, purchaseId } = await boughtQuote();
    const promised = (await cardOf(buyerAgent, purchaseId)).contactBy;
    expect(promised).toBe(new Date(clock.now.getTime() + 30 * 60_000).toISOString());
    expect(
      (
        await editJobAs(ctx.db, buyerAgent, lead.id, {
          customerName: "Jane Citizen",
          customerPhone: CUSTOMER_MOBILE,
          urgency: "within_week",
          serviceType: "repair",
        })
      ).status,
    ).toBe(200);
    const card = await cardOf(buyerAgent, purchaseId);
    expect(card.lead).toMatchObject({ urgency: "within_week", serviceType: "repair" });
    expect(card.contactBy).toBe(promised);
  });

  it("when a provider's team member is the customer, then no one in that team may buy the lead, by mobile or by e-mail", async () => {
    const owner = await createUser(ctx.db, { companyName: "Family Sparks" });
    const ownerAgent = await signIn(ctx.server, owner.username);
    const member = await ownerAgent.post("/api/team").send({
      firstName: "Sam",
      lastName: "Son",
      username: `sam${owner.id}`,
      email: `sam${owner.id}@example.com`,
      password: "password123",
      phone: "0433 222 111",
    });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    const quote = await request(ctx.server)
      .post("/api/leads")
      .send({ ...QUOTE, customerPhone: "+61 433 222 111" });
    const [byMobile] = await ctx.db.select().from(leads).where(eq(leads.jobReference, quote.body.jobReference));
    // The quote form asks for no e-mail; a lead the super admin adds can carry one.
    const byEmail = await createLead(ctx.db, {
      customerPhone: "0433999888",
      customerEmail: `SAM${owner.id}@Example.com`,
      createdAt: clock.now,
      auctionStartedAt: clock.now,
    });
    for (const lead of [byMobile, byEmail]) {
      const res = await ownerAgent.post(`/api/leads/${lead!.id}/purchase`).send({});
      expect(res.status, lead!.jobReference).toBe(403);
      expect((await rivalAgent.post(`/api/leads/${lead!.id}/purchase`).send({})).status).toBe(201);
    }
  });
});

describe("the forged refund", () => {
  it("when the buyer types a dead number and logs a wrong number, then the question still goes to the customer's own mobile, and their answer ends the claim without a refund", async () => {
    const { token, lead, purchaseId } = await boughtQuote();
    expect((await editJobAs(ctx.db, buyerAgent, lead.id, { customerName: "Jane Citizen", customerPhone: DEAD_NUMBER })).status).toBe(200);
    later(10);
    expect((await buyerAgent.post(`/api/lead-purchases/${purchaseId}/contact-attempts`).send({ channel: "call", outcome: "wrong_number" })).status).toBe(201);
    const claim = await buyerAgent.post(`/api/lead-purchases/${purchaseId}/unreachable`).send({});
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(claim.body.unreachable.status).toBe("waiting");
    const [question] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.leadId, lead.id), like(outboxMessages.event, "unreachable.claimed:%")));
    expect(question).toMatchObject({ recipient: `sms:${CUSTOMER_MOBILE}`, payload: { to: CUSTOMER_MOBILE } });
    expect(await smsTo(DEAD_NUMBER)).toEqual([]);
    // The customer answers from their own link; the 48 hours then refund nothing.
    expect((await request(ctx.server).post(`/api/jobs/${token}/still-need`).send({})).status).toBe(200);
    later(49 * 60);
    await ctx.app.alerts.runOnce();
    expect(await ctx.db.select().from(purchaseRefunds).where(eq(purchaseRefunds.purchaseId, purchaseId))).toEqual([]);
  });

  it("when the customer gave a landline, then the claim goes to the operator and no refund follows by itself", async () => {
    const { lead, purchaseId } = await boughtQuote(buyerAgent, { customerPhone: "(02) 9876 5432" });
    expect((await editJobAs(ctx.db, buyerAgent, lead.id, { customerName: "Jane Citizen", customerPhone: DEAD_NUMBER })).status).toBe(200);
    later(10);
    await buyerAgent.post(`/api/lead-purchases/${purchaseId}/contact-attempts`).send({ channel: "call", outcome: "wrong_number" });
    const claim = await buyerAgent.post(`/api/lead-purchases/${purchaseId}/unreachable`).send({});
    expect(claim.body.unreachable.status).toBe("operator");
    expect(await smsTo(DEAD_NUMBER)).toEqual([]);
    const cases = await ctx.db.select().from(operatorReviews).where(eq(operatorReviews.purchaseId, purchaseId));
    expect(cases).toMatchObject([{ kind: "unreachable_not_asked", status: "open" }]);
    later(49 * 60);
    await ctx.app.alerts.runOnce();
    expect(await ctx.db.select().from(purchaseRefunds).where(eq(purchaseRefunds.purchaseId, purchaseId))).toEqual([]);
  });
});

describe("a lead back on sale", () => {
  /** The customer's details, and nothing the first buyer typed, in the next buyer's market and on their card. */
  async function expectCustomersOwn(leadId: number) {
    const market = (await rivalAgent.get("/api/leads?scope=all")).body.leads as MarketLead[];
    const listing = market.find((l) => l.id === leadId)!;
    expect(listing).toMatchObject({ customerName: "Jane", customerPhone: "04•••••678" });
    expect(JSON.stringify(listing)).not.toMatch(/Mallory|Penrith|Fake St/);
    const sale = await rivalAgent.post(`/api/leads/${leadId}/purchase`).send({});
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const card = await cardOf(rivalAgent, sale.body.purchase.id as number);
    expect(card.lead).toMatchObject({
      customerName: QUOTE.customerName,
      customerPhone: CUSTOMER_MOBILE,
      customerEmail: null,
      customerAddress: QUOTE.customerAddress,
      serviceLocation: QUOTE.serviceLocation,
      electricalWork: QUOTE.electricalWork,
    });
  }

  it("when the buyer edited and then missed the promise, then the relisted lead carries the customer's details, not theirs", async () => {
    const { token, lead } = await boughtQuote();
    expect((await editJobAs(ctx.db, buyerAgent, lead.id, takeover(BUYERS_MOBILE))).status).toBe(200);
    later(31);
    const report = await request(ctx.server).post(`/api/jobs/${token}/not-contacted`).send({});
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const [released] = await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.leadId, lead.id));
    expect(released!.releasedAt).toEqual(clock.now);
    await expectCustomersOwn(lead.id);
  });

  it("when the buyer edited and the super admin unpurchases, then the next buyer gets the customer's details, not the edits", async () => {
    const { lead, purchaseId } = await boughtQuote();
    expect((await editJobAs(ctx.db, buyerAgent, lead.id, takeover(DEAD_NUMBER))).status).toBe(200);
    expect((await adminAgent.post(`/api/lead-purchases/${purchaseId}/unpurchase`).send({})).status).toBe(200);
    await expectCustomersOwn(lead.id);
  });
});
