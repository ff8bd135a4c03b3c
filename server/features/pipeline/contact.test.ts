// Logging contact and the contact promise on the pipeline (docs/decisions/045-contact-promise.md,
// "Logging contact"): who may log an attempt, the own job refused, the audit row, the export's
// columns, and the promise on every pipeline row computed by shared/contact-promise.ts.
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contactBy } from "../../../shared/contact-promise";
import { RECORD_ID_MESSAGE } from "../../../shared/ids";
import type { PurchasedLead } from "../../../shared/pipeline";
import { CONTACT_MESSAGES } from "../../../shared/pipeline-contact";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";
import { contactAttempts, leadPurchases, purchaseChanges, salesStageHistory, type User } from "../../../shared/schema";
import { createPurchase, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { csvRowsOf } from "../../test/csv-rows";
import { type CastRole, createCast, signIn } from "../../test/sign-in";

// 2026-11-23T23:30Z is 10:30 am on Tuesday 24 November in Sydney (daylight saving, +11).
let clock = new Date("2026-11-23T23:30:00Z");
// Not the default 120, so a row computed without the configured minutes shows.
const PROMISE_MINUTES = 90;
const ctx = useTestApp({ now: () => clock, env: { CONTACT_PROMISE_MINUTES: String(PROMISE_MINUTES) } });
let owner: User, member: User, assignee: User;
let agents: Record<CastRole, request.Agent>;
let assigneeAgent: request.Agent;

beforeAll(async () => {
  ({
    people: { owner, member },
    agents,
  } = await createCast(ctx, { owner: { firstName: "Dave", lastName: "Wilson" }, member: { firstName: "Sam", lastName: "Lee" } }));
  assignee = await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id, firstName: "Ria", lastName: "Khan" });
  assigneeAgent = await signIn(ctx.server, assignee.username);
});

// 9:00 am in Sydney on 24 November: 90 business minutes later is 10:30 am.
const SOLD_AT = new Date("2026-11-23T22:00:00Z");
async function ownersJob(purchase: Partial<typeof leadPurchases.$inferInsert> = {}, lead = {}) {
  return createPurchase(ctx.db, owner.id, { purchase: { buyerName: "Dave Wilson", purchasedAt: SOLD_AT, ...purchase }, lead });
}
const logAttempt = (agent: request.Agent, id: number | string, body: object) => agent.post(`/api/lead-purchases/${id}/contact-attempts`).send(body);
const attemptsOf = (id: number) => ctx.db.select().from(contactAttempts).where(eq(contactAttempts.purchaseId, id)).orderBy(contactAttempts.id);
const changesOf = (id: number) => ctx.db.select().from(purchaseChanges).where(eq(purchaseChanges.purchaseId, id));
const rowOf = async (agent: request.Agent, id: number) => ((await agent.get("/api/my-purchased-leads")).body as PurchasedLead[]).find((p) => p.id === id);

describe("logging an attempt to contact the customer", () => {
  it("when the buyer logs a call that reached the customer, then 201 with the attempt, stored under the buyer", async () => {
    const job = await ownersJob();
    const res = await logAttempt(agents.owner, job.id, { channel: "call", outcome: "reached" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), channel: "call", outcome: "reached", at: clock.toISOString() });
    expect(await attemptsOf(job.id)).toMatchObject([{ id: res.body.id, userId: owner.id, channel: "call", outcome: "reached", createdAt: clock }]);
  });

  it("when a logged call reached the customer, then a card in Purchased moves to Called; other outcomes and later stages stay", async () => {
    const [reached, unanswered, quoted] = [await ownersJob(), await ownersJob(), await ownersJob({ salesStage: "quote_sent" })];
    expect((await logAttempt(agents.owner, reached.id, { channel: "call", outcome: "reached" })).status).toBe(201);
    expect((await logAttempt(agents.owner, unanswered.id, { channel: "call", outcome: "no_answer" })).status).toBe(201);
    expect((await logAttempt(agents.owner, quoted.id, { channel: "call", outcome: "reached" })).status).toBe(201);
    expect(await rowOf(agents.owner, reached.id)).toMatchObject({ salesStage: "called", calledAt: clock.toISOString(), version: 1 });
    expect((await rowOf(agents.owner, unanswered.id))?.salesStage).toBe("purchased");
    expect((await rowOf(agents.owner, quoted.id))?.salesStage).toBe("quote_sent");
    const moves = await ctx.db.select().from(salesStageHistory).where(eq(salesStageHistory.purchaseId, reached.id));
    expect(moves).toMatchObject([{ fromStage: "purchased", toStage: "called", changedBy: owner.id }]);
  });

  it("when a team member or the job's assignee logs one, then it is accepted and stored under them", async () => {
    const job = await ownersJob({ assignedTo: assignee.id });
    expect((await logAttempt(agents.member, job.id, { channel: "sms", outcome: "no_answer" })).status).toBe(201);
    expect((await logAttempt(assigneeAgent, job.id, { channel: "in_person", outcome: "reached" })).status).toBe(201);
    expect((await attemptsOf(job.id)).map((a) => [a.userId, a.channel, a.outcome])).toEqual([
      [member.id, "sms", "no_answer"],
      [assignee.id, "in_person", "reached"],
    ]);
  });

  it("when another provider logs on this purchase, or the buyer on theirs, then 404 'not found' and nothing is stored", async () => {
    const job = await ownersJob();
    const theirs = await createPurchase(ctx.db, (await createUser(ctx.db)).id);
    for (const [agent, id] of [
      [agents.rival, job.id],
      [agents.owner, theirs.id],
      [agents.member, theirs.id],
    ] as const) {
      const res = await logAttempt(agent, id, { channel: "call", outcome: "reached" });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PIPELINE_MESSAGES.notFound);
    }
    expect((await logAttempt(agents.customer, job.id, { channel: "call", outcome: "reached" })).status).toBe(403);
    expect([...(await attemptsOf(job.id)), ...(await attemptsOf(theirs.id))]).toEqual([]);
  });

  it("when the purchase was released back to the market, then 404", async () => {
    const job = await ownersJob({ releasedAt: clock, releaseReason: "unpurchased" });
    expect((await logAttempt(agents.owner, job.id, { channel: "call", outcome: "reached" })).status).toBe(404);
    expect(await attemptsOf(job.id)).toEqual([]);
  });

  it("when the channel or outcome is missing or unknown, then 400 with each field's message", async () => {
    const job = await ownersJob();
    const empty = await logAttempt(agents.owner, job.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ channel: "Choose how you made contact", outcome: "Choose what happened" });
    const fax = await logAttempt(agents.owner, job.id, { channel: "fax", outcome: "reached" });
    expect(fax.status).toBe(400);
    expect(fax.body.errors).toEqual({ channel: "Choose how you made contact" });
    const shrug = await logAttempt(agents.owner, job.id, { channel: "call", outcome: "maybe" });
    expect(shrug.body.errors).toEqual({ outcome: "Choose what happened" });
    const badId = await logAttempt(agents.owner, "abc", { channel: "call", outcome: "reached" });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe(RECORD_ID_MESSAGE);
    expect(await attemptsOf(job.id)).toEqual([]);
  });

  it("when the job is the provider's own (not bought), then 409 saying it has no promise, and nothing is stored or audited", async () => {
    const job = await ownersJob({ amountPaid: "0.00" }, { source: "provider_manual" });
    const res = await logAttempt(agents.owner, job.id, { channel: "call", outcome: "reached" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CONTACT_MESSAGES.ownJob);
    expect(await attemptsOf(job.id)).toEqual([]);
    expect(await changesOf(job.id)).toEqual([]);
  });

  it("when an attempt is logged, then the history lists it with who logged it, and the card's version stays", async () => {
    const job = await ownersJob();
    await logAttempt(agents.member, job.id, { channel: "call", outcome: "left_message" });
    const history = await agents.owner.get(`/api/lead-purchases/${job.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual([
      { id: expect.any(String), field: "contactAttempt", from: null, to: "call: left_message", at: clock.toISOString(), by: "Sam Lee" },
    ]);
    // An attempt overwrites nothing typed on the card: a teammate's save on version 1 still lands.
    expect((await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, job.id)))[0]!.version).toBe(1);
  });
});

describe("the contact promise on the pipeline's rows", () => {
  it("when market jobs are listed, then contactBy is shared contactBy with the configured minutes, on the lead's state's clock", async () => {
    const sydney = await ownersJob();
    // 5:30 pm in Perth (UTC+8): 90 minutes end at the window's close, 7 pm there.
    const perth = await ownersJob({ purchasedAt: new Date("2026-11-24T09:30:00Z") }, { state: "WA", suburb: "Subiaco", postcode: "6008" });
    const emergency = await ownersJob({ purchasedAt: new Date("2026-11-24T12:00:00Z") }, { urgency: "emergency" });
    const rows = (await agents.owner.get("/api/my-purchased-leads")).body as PurchasedLead[];
    const row = (id: number) => rows.find((p) => p.id === id)!;

    expect(row(sydney.id).contactBy).toBe("2026-11-23T23:30:00.000Z");
    expect(row(perth.id).contactBy).toBe("2026-11-24T11:00:00.000Z");
    // An emergency is 30 minutes, day or night (11 pm in Sydney here).
    expect(row(emergency.id).contactBy).toBe("2026-11-24T12:30:00.000Z");
    for (const [job, state, emergent] of [
      [sydney, "NSW", false],
      [perth, "WA", false],
      [emergency, "NSW", true],
    ] as const) {
      const expected = contactBy({ purchasedAt: job.purchasedAt, state, emergency: emergent, promiseMinutes: PROMISE_MINUTES });
      expect(row(job.id).contactBy).toBe(expected.toISOString());
    }
    expect(row(sydney.id).contactBy).not.toBe(contactBy({ purchasedAt: SOLD_AT, state: "NSW", emergency: false }).toISOString());
    // The team sees the same rows.
    expect((await rowOf(agents.member, sydney.id))!.contactBy).toBe("2026-11-23T23:30:00.000Z");
  });

  it("when the job is the provider's own, then contactBy is null", async () => {
    const own = await ownersJob({ amountPaid: "0.00" }, { source: "provider_manual" });
    expect(await rowOf(agents.owner, own.id)).toMatchObject({ contactBy: null, firstContactAt: null, lastAttempt: null });
  });

  it("when attempts are logged, then the row has the first one's time and the latest attempt", async () => {
    const job = await ownersJob();
    expect(await rowOf(agents.owner, job.id)).toMatchObject({ firstContactAt: null, lastAttempt: null });
    clock = new Date("2026-11-23T23:05:00Z");
    await logAttempt(agents.owner, job.id, { channel: "call", outcome: "no_answer" });
    clock = new Date("2026-11-23T23:20:00Z");
    const second = await logAttempt(agents.member, job.id, { channel: "sms", outcome: "reached" });
    clock = new Date("2026-11-23T23:30:00Z");
    expect(await rowOf(agents.owner, job.id)).toMatchObject({
      firstContactAt: "2026-11-23T23:05:00.000Z",
      lastAttempt: { id: second.body.id, channel: "sms", outcome: "reached", at: "2026-11-23T23:20:00.000Z" },
    });
  });

  it("when the job was moved to Called (or later) with nothing logged, then that move is the first contact", async () => {
    const called = await ownersJob({ salesStage: "called", calledAt: new Date("2026-11-23T22:40:00Z") });
    const quoted = await ownersJob({ salesStage: "quote_sent", quoteSentAt: new Date("2026-11-23T22:50:00Z") });
    const declined = await ownersJob({ salesStage: "declined", declinedAt: new Date("2026-11-23T22:45:00Z") });
    expect(await rowOf(agents.owner, called.id)).toMatchObject({ firstContactAt: "2026-11-23T22:40:00.000Z", lastAttempt: null });
    expect((await rowOf(agents.owner, quoted.id))!.firstContactAt).toBe("2026-11-23T22:50:00.000Z");
    // Declined says nothing of contact: nobody may have answered.
    expect((await rowOf(agents.owner, declined.id))!.firstContactAt).toBeNull();
  });
});

describe("the CSV export", () => {
  it("when attempts were logged, then Contact By, First Contact and Contact Attempts read on Sydney's clock, oldest first", async () => {
    const exporter = await createUser(ctx.db, { firstName: "Ex", lastName: "Porter" });
    const agent = await signIn(ctx.server, exporter.username);
    const market = await createPurchase(ctx.db, exporter.id, { lead: { customerName: "Market Customer" }, purchase: { purchasedAt: SOLD_AT } });
    await createPurchase(ctx.db, exporter.id, { lead: { customerName: "Own Customer", source: "provider_manual" }, purchase: { purchasedAt: SOLD_AT } });
    clock = new Date("2026-11-23T23:05:00Z");
    await logAttempt(agent, market.id, { channel: "call", outcome: "no_answer" });
    clock = new Date("2026-11-23T23:20:00Z");
    await logAttempt(agent, market.id, { channel: "email", outcome: "wrong_number" });
    clock = new Date("2026-11-23T23:30:00Z");

    const res = await agent.get("/api/my-purchased-leads/export.csv");
    expect(res.status).toBe(200);
    const header = res.text
      .replace(/^\uFEFF/, "")
      .split("\r\n")[0]!
      .split(",");
    // Columns are only ever added at the end (server/features/pipeline/csv.ts): the contact's came right after the decline reason.
    const after = header.indexOf("Decline Reason") + 1;
    expect(header.slice(after, after + 3)).toEqual(["Contact By", "First Contact", "Contact Attempts"]);
    const rows = csvRowsOf(res.text);
    expect(rows.find((r) => r["Customer Name"] === "Market Customer")).toMatchObject({
      "Contact By": "2026-11-24 10:30",
      "First Contact": "2026-11-24 10:05",
      "Contact Attempts": "2026-11-24 10:05 Call, no answer; 2026-11-24 10:20 Email, wrong number",
    });
    expect(rows.find((r) => r["Customer Name"] === "Own Customer")).toMatchObject({ "Contact By": "", "First Contact": "", "Contact Attempts": "" });
  });
});
