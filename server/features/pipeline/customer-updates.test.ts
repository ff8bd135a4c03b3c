// Keeping the customer informed (docs/decisions/049-missed-promises-and-refunds.md, "Keeping the
// customer informed") on either database: the booking's SMS once per start, a changed start a
// new one, held through the state's quiet hours; the evening before once per (job, start), none
// for a job booked that day; "On my way" at once, once per 10 minutes, only to a market job's
// mobile, only by the buyer's side; never a message for a provider's own job.
import { createHash } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { BOOKING_SMS_FIELD, ETA_MESSAGE, ON_MY_WAY_FIELD, ON_MY_WAY_MESSAGES } from "../../../shared/customer-updates";
import { RECORD_ID_MESSAGE } from "../../../shared/ids";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";
import { jobLinks, leadPurchases, outboxMessages, purchaseChanges, type LeadPurchase, type NewLead, type User } from "../../../shared/schema";
import { createPurchase, createUser } from "../../setup/factories";
import { enqueueDueEvenings } from "../../core/messages/evening-before";
import { movableClock, perth, recordingSms, sydney } from "../../core/messages/test/messages";
import { useTestApp } from "../../test/app";
import { createCast, signIn, type CastRole } from "../../test/sign-in";

const ORIGIN = "https://sparks.example.com.au";
const SITE_PHONE = "1300 555 123";
const clock = movableClock(sydney("2026-11-24 10:00"));
const sms = recordingSms();
const ctx = useTestApp({ sms, now: clock.now, startAlertWorker: false, env: { PUBLIC_URL: ORIGIN, SITE_PHONE } });
let owner: User, member: User;
let agents: Record<CastRole, request.Agent>;

beforeAll(async () => {
  ({
    people: { owner, member },
    agents,
  } = await createCast(ctx, {
    owner: { firstName: "Dave", lastName: "Wilson", companyName: "Sparky Bros Electrical", phone: "0298765432" },
    member: { firstName: "Tom", lastName: "Nguyen", companyName: null },
  }));
});

let phoneSeq = 0;
const freshMobile = () => `0413${String(++phoneSeq).padStart(6, "0")}`;

/** A market job of Dave's whose quote was accepted, its customer on a fresh mobile. */
async function acceptedJob(lead: Partial<NewLead> = {}, purchase: Partial<typeof leadPurchases.$inferInsert> = {}) {
  return createPurchase(ctx.db, owner.id, {
    lead: { customerName: "Jane Citizen", customerPhone: freshMobile(), suburb: "Parramatta", state: "NSW", ...lead },
    purchase: { buyerName: "Dave Wilson", purchasedAt: sydney("2026-11-20 10:00"), salesStage: "quote_accepted", ...purchase },
  });
}

const purchaseOf = async (id: number) => (await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, id)))[0]!;
/** PATCH the card as its editor would: on the version it has now. `jobStartsAt` is Sydney's wall clock, as the card sends it. */
async function save(job: LeadPurchase, body: object, agent = agents.owner) {
  const { version } = await purchaseOf(job.id);
  const res = await agent.patch(`/api/lead-purchases/${job.id}/sales-stage`).send({ ...body, version });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}
const book = (job: LeadPurchase, jobStartsAt: string, agent = agents.owner) => save(job, { salesStage: "booked_in", jobStartsAt }, agent);
const messagesOf = (job: LeadPurchase, kind: string) =>
  ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.leadId, job.leadId), like(outboxMessages.event, `job.${kind}:%`)))
    .orderBy(outboxMessages.id);
const changesOf = (job: LeadPurchase, field: string) =>
  ctx.db
    .select()
    .from(purchaseChanges)
    .where(and(eq(purchaseChanges.purchaseId, job.id), eq(purchaseChanges.field, field)));
const send = () => ctx.app.alerts.runOnce();
const textsTo = (job: LeadPurchase, phone: string) => sms.to(phone).map((s) => s.text);
const phoneOf = async (job: LeadPurchase) => (await messagesOf(job, "booked"))[0]?.recipient.replace("sms:", "") ?? "";
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

describe("the booking's SMS", () => {
  it("when a NSW market job is booked for 9:30 am tomorrow, then one SMS names Dave, Sparky Bros, the time on NSW's clock and a working job link; a re-save of that time sends nothing", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const job = await acceptedJob();
    await book(job, "2026-11-25T09:30");
    const rows = await messagesOf(job, "booked");
    expect(rows).toMatchObject([{ event: `job.booked:${job.id}:2026-11-24T22:30:00.000Z`, channel: "sms", status: "pending" }]);
    expect(rows[0]!.dueAt).toEqual(clock.now());

    await send();
    const phone = await phoneOf(job);
    const [text, ...more] = textsTo(job, phone);
    expect(more).toEqual([]);
    const token =
      /^Dave from Sparky Bros Electrical has booked your job for 9:30 am Wed 25 Nov\. Your job: https:\/\/sparks\.example\.com\.au\/job\/([A-Za-z0-9_-]{32}) - Aussie Electricians, 1300 555 123$/.exec(
        text!,
      )?.[1];
    expect(token, text).toBeDefined();
    // A fresh link, minted with the message: its hash is a live link of this lead.
    const [link] = await ctx.db
      .select()
      .from(jobLinks)
      .where(eq(jobLinks.tokenHash, tokenHash(token!)));
    expect(link).toMatchObject({ leadId: job.leadId, revokedAt: null });

    // The same start saved again, with notes typed, or the stage re-sent: nothing new.
    await save(job, { salesNotes: "Bring the ladder", jobStartsAt: "2026-11-25T09:30" });
    await book(job, "2026-11-25T09:30");
    await send();
    expect(await messagesOf(job, "booked")).toHaveLength(1);
    expect(textsTo(job, phone)).toHaveLength(1);
    // The card's History says what the customer was told, and by whom.
    const history = (await agents.owner.get(`/api/lead-purchases/${job.id}/history`)).body as Array<{ field: string; to: string; by: string }>;
    expect(history.filter((h) => h.field === BOOKING_SMS_FIELD)).toEqual([expect.objectContaining({ to: "2026-11-24T22:30:00.000Z", by: "Dave Wilson" })]);
  });

  it("when the start changes, then a second SMS says the new time and the old; moved back, a third says the first time again", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const job = await acceptedJob();
    await book(job, "2026-11-25T09:30");
    await send();
    await save(job, { jobStartsAt: "2026-11-26T14:00" });
    await send();
    await save(job, { jobStartsAt: "2026-11-25T09:30" });
    await send();
    const rows = await messagesOf(job, "booked");
    expect(rows.map((r) => [r.event, r.status])).toEqual([
      [`job.booked:${job.id}:2026-11-24T22:30:00.000Z`, "sent"],
      [`job.booked:${job.id}:2026-11-26T03:00:00.000Z`, "sent"],
      [`job.booked:${job.id}:2026-11-24T22:30:00.000Z#${(await purchaseOf(job.id)).version}`, "sent"],
    ]);
    const texts = textsTo(job, await phoneOf(job));
    expect(texts).toHaveLength(3);
    expect(texts[1]).toMatch(/^Dave from Sparky Bros Electrical has moved your job to 2:00 pm Thu 26 Nov \(was 9:30 am Wed 25 Nov\)\. Your job: /);
    expect(texts[2]).toMatch(/has moved your job to 9:30 am Wed 25 Nov \(was 2:00 pm Thu 26 Nov\)\./);
  });

  it("when the job is booked at 10:30 pm in Sydney, then the NSW customer's SMS waits for 7:00 am while a WA customer's goes at once (7:30 pm in Perth)", async () => {
    clock.set(sydney("2026-11-24 22:30"));
    const nsw = await acceptedJob({ state: "NSW" });
    const wa = await acceptedJob({ state: "WA", suburb: "Joondalup" });
    await book(nsw, "2026-11-26T09:00");
    // Typed on the clock of each lead's state (DESIGN section 11): 9:00 am in Perth.
    await book(wa, "2026-11-26T09:00");
    expect((await messagesOf(nsw, "booked"))[0]!.dueAt).toEqual(sydney("2026-11-25 07:00"));
    expect((await messagesOf(wa, "booked"))[0]!.dueAt).toEqual(clock.now());
    await send();
    expect(textsTo(nsw, await phoneOf(nsw))).toEqual([]);
    expect(textsTo(wa, await phoneOf(wa))).toEqual([expect.stringContaining("has booked your job for 9:00 am Thu 26 Nov.")]);
    clock.set(sydney("2026-11-25 06:59"));
    await send();
    expect(textsTo(nsw, await phoneOf(nsw))).toEqual([]);
    clock.set(sydney("2026-11-25 07:00"));
    await send();
    expect(textsTo(nsw, await phoneOf(nsw))).toHaveLength(1);
  });

  it("when a booking held for 7:00 is changed, and changed back, before it goes, then the customer gets one SMS with the start that stands", async () => {
    clock.set(sydney("2026-11-24 23:00"));
    const job = await acceptedJob();
    await book(job, "2026-11-26T09:00");
    await save(job, { jobStartsAt: "2026-11-27T09:00" });
    await save(job, { jobStartsAt: "2026-11-26T09:00" });
    // Another, booked and then unbooked in the night: the send-time check drops it.
    const unbooked = await acceptedJob();
    await book(unbooked, "2026-11-26T10:00");
    await save(unbooked, { salesStage: "quote_accepted", jobStartsAt: null });
    clock.set(sydney("2026-11-25 07:00"));
    await send();
    expect((await messagesOf(job, "booked")).map((r) => [r.status, r.lastError])).toEqual([
      ["dropped", "a newer booking replaced it"],
      ["dropped", "a newer booking replaced it"],
      ["sent", null],
    ]);
    expect(textsTo(job, await phoneOf(job))).toEqual([
      expect.stringMatching(/^Dave from Sparky Bros Electrical has booked your job for 9:00 am Thu 26 Nov\. /),
    ]);
    expect((await messagesOf(unbooked, "booked")).map((r) => [r.status, r.lastError])).toEqual([["dropped", "the booking changed"]]);
  });

  it("when the job is assigned to Tom, then the SMS names Tom from Dave's business", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const job = await acceptedJob({}, { assignedTo: member.id });
    await book(job, "2026-11-25T09:30", agents.member);
    await send();
    expect(textsTo(job, await phoneOf(job))).toEqual([expect.stringMatching(/^Tom from Sparky Bros Electrical has booked your job for 9:30 am Wed 25 Nov\./)]);
  });

  it("when the job is the provider's own, the number a landline, or the start already past, then no message and no audit row", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const own = await acceptedJob({ source: "provider_manual" }, { amountPaid: "0.00" });
    const landline = await acceptedJob({ customerPhone: "0298765432" });
    const past = await acceptedJob();
    await book(own, "2026-11-25T09:30");
    await book(landline, "2026-11-25T09:30");
    await book(past, "2026-11-24T08:00");
    for (const job of [own, landline, past]) {
      expect(await messagesOf(job, "booked")).toEqual([]);
      expect(await changesOf(job, BOOKING_SMS_FIELD)).toEqual([]);
    }
  });

  it("when a time is set while the job is still quoted, then nothing goes until the move to Booked, which tells that time", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const job = await acceptedJob();
    await save(job, { jobStartsAt: "2026-11-25T09:30" });
    expect(await messagesOf(job, "booked")).toEqual([]);
    await save(job, { salesStage: "booked_in" });
    expect((await messagesOf(job, "booked")).map((r) => r.event)).toEqual([`job.booked:${job.id}:2026-11-24T22:30:00.000Z`]);
  });
});

describe("the evening before", () => {
  /** Booked on Monday for Wednesday 9:30 am: the customer heard of it two days before. */
  async function bookedEarly(lead: Partial<NewLead> = {}, starts = "2026-11-25T09:30") {
    clock.set(sydney("2026-11-23 10:00"));
    const job = await acceptedJob(lead);
    await book(job, starts);
    await send();
    return job;
  }

  it("when it is 5:59 pm the day before, then nothing; at 6:00 pm one reminder with who, when and the business's number, however often the sweep runs", async () => {
    const job = await bookedEarly();
    const phone = await phoneOf(job);
    clock.set(new Date(sydney("2026-11-24 18:00").getTime() - 1000));
    await send();
    expect(await messagesOf(job, "evening")).toEqual([]);

    clock.set(sydney("2026-11-24 18:00"));
    await Promise.all(Array.from({ length: 4 }, () => enqueueDueEvenings(ctx.db, { origin: ORIGIN, sitePhone: SITE_PHONE }, clock.now())));
    await send();
    await send();
    expect(await messagesOf(job, "evening")).toMatchObject([{ event: `job.evening:${job.id}:2026-11-24T22:30:00.000Z`, status: "sent" }]);
    expect(textsTo(job, phone).slice(1)).toEqual([
      "Reminder: Dave from Sparky Bros Electrical is coming tomorrow, 9:30 am Wed 25 Nov. To change it, call 02 9876 5432. - Aussie Electricians, 1300 555 123",
    ]);
  });

  it("when the job was booked that same day, then the booking's own SMS was the reminder: one dropped row, no second SMS", async () => {
    clock.set(sydney("2026-11-24 11:00"));
    const job = await acceptedJob();
    await book(job, "2026-11-25T09:30");
    clock.set(sydney("2026-11-24 18:00"));
    await send();
    await send();
    expect(await messagesOf(job, "evening")).toMatchObject([{ status: "dropped", lastError: expect.stringContaining("booked within 12 hours") }]);
    expect(textsTo(job, await phoneOf(job))).toHaveLength(1);
  });

  it("when the customer is in WA, then the reminder waits for 6:00 pm on Perth's clock (9:00 pm in Sydney)", async () => {
    const job = await bookedEarly({ state: "WA", suburb: "Joondalup" }, "2026-11-25T09:30");
    clock.set(perth("2026-11-24 17:59"));
    await send();
    expect(await messagesOf(job, "evening")).toEqual([]);
    clock.set(perth("2026-11-24 18:00"));
    await send();
    expect(textsTo(job, await phoneOf(job)).slice(1)).toEqual([expect.stringContaining("is coming tomorrow, 9:30 am Wed 25 Nov.")]);
  });

  it("when the start moves after the reminder went, then the new start gets its own evening reminder, once", async () => {
    const job = await bookedEarly();
    clock.set(sydney("2026-11-24 18:30"));
    await send();
    await save(job, { jobStartsAt: "2026-11-27T08:00" });
    clock.set(sydney("2026-11-26 18:00"));
    await send();
    await send();
    expect((await messagesOf(job, "evening")).map((r) => [r.event, r.status])).toEqual([
      [`job.evening:${job.id}:2026-11-24T22:30:00.000Z`, "sent"],
      [`job.evening:${job.id}:2026-11-26T21:00:00.000Z`, "sent"],
    ]);
  });

  it("when the job was declined, or is the provider's own, then no evening reminder", async () => {
    const declined = await bookedEarly();
    await save(declined, { salesStage: "declined", declineReason: "timing" });
    clock.set(sydney("2026-11-22 10:00"));
    const own = await acceptedJob({ source: "provider_manual" }, { amountPaid: "0.00" });
    await book(own, "2026-11-25T09:30");
    clock.set(sydney("2026-11-24 18:00"));
    await send();
    expect([...(await messagesOf(declined, "evening")), ...(await messagesOf(own, "evening"))]).toEqual([]);
  });
});

describe("On my way", () => {
  const onMyWay = (agent: request.Agent, id: number | string, body: object) => agent.post(`/api/lead-purchases/${id}/on-my-way`).send(body);

  it("when Dave taps 20 minutes at 11 pm, then the customer is texted at once (no quiet hours: they are waiting), and the History records it", async () => {
    clock.set(sydney("2026-11-24 23:00"));
    const job = await acceptedJob({ urgency: "emergency" });
    const res = await onMyWay(agents.owner, job.id, { etaMinutes: 20 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true, etaMinutes: 20, at: clock.now().toISOString(), againAt: new Date(clock.now().getTime() + 600_000).toISOString() });
    const [row] = await messagesOf(job, "on-my-way");
    expect(row!.dueAt).toEqual(clock.now());
    await send();
    expect(sms.to(row!.recipient.replace("sms:", "")).map((s) => s.text)).toEqual([
      "Dave from Sparky Bros Electrical is on the way, about 20 minutes away. - Aussie Electricians, 1300 555 123",
    ]);
    expect(await changesOf(job, ON_MY_WAY_FIELD)).toMatchObject([{ oldValue: null, newValue: "20", changedBy: owner.id }]);
  });

  it("when tapped again within 10 minutes, then nothing new is sent and the answer says when; after 10 minutes it sends again", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const job = await acceptedJob();
    await onMyWay(agents.owner, job.id, { etaMinutes: 30 });
    await send();
    clock.advance(9 * 60_000 + 59_000);
    const again = await onMyWay(agents.member, job.id, { etaMinutes: 10 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      sent: false,
      etaMinutes: 30,
      at: sydney("2026-11-24 10:00").toISOString(),
      againAt: sydney("2026-11-24 10:10").toISOString(),
    });
    expect(await messagesOf(job, "on-my-way")).toHaveLength(1);
    clock.set(sydney("2026-11-24 10:10"));
    expect((await onMyWay(agents.member, job.id, { etaMinutes: 10 })).body.sent).toBe(true);
    await send();
    const rows = await messagesOf(job, "on-my-way");
    expect(rows.map((r) => r.event)).toEqual([
      `job.on-my-way:${job.id}:${sydney("2026-11-24 10:00").toISOString()}`,
      `job.on-my-way:${job.id}:${sydney("2026-11-24 10:10").toISOString()}`,
    ]);
    // The team member who tapped is who the customer expects.
    expect(sms.to(rows[1]!.recipient.replace("sms:", "")).map((s) => s.text)[1]).toBe(
      "Tom from Sparky Bros Electrical is on the way, about 10 minutes away. - Aussie Electricians, 1300 555 123",
    );
  });

  it("when many taps arrive at once, then one SMS", async () => {
    clock.set(sydney("2026-11-24 12:00"));
    const job = await acceptedJob();
    const answers = await Promise.all(Array.from({ length: 5 }, () => onMyWay(agents.owner, job.id, { etaMinutes: 45 })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.sent)).toHaveLength(1);
    expect(await messagesOf(job, "on-my-way")).toHaveLength(1);
  });

  it("when the assignee taps, then accepted; a rival or the buyer on another's job gets 404, a customer 403, a released purchase 404, and nothing is queued", async () => {
    clock.set(sydney("2026-11-24 13:00"));
    const assignee = await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id, firstName: "Ria" });
    const job = await acceptedJob({}, { assignedTo: assignee.id });
    expect((await onMyWay(await signIn(ctx.server, assignee.username), job.id, { etaMinutes: 15 })).status).toBe(200);
    const other = await acceptedJob();
    const theirs = await createPurchase(ctx.db, (await createUser(ctx.db)).id);
    const released = await acceptedJob({}, { releasedAt: clock.now(), releaseReason: "unpurchased" });
    for (const [agent, id] of [
      [agents.rival, other.id],
      [agents.owner, theirs.id],
      [agents.member, theirs.id],
      [agents.owner, released.id],
    ] as const) {
      const res = await onMyWay(agent, id, { etaMinutes: 15 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PIPELINE_MESSAGES.notFound);
    }
    expect((await onMyWay(agents.customer, other.id, { etaMinutes: 15 })).status).toBe(403);
    for (const j of [other, released]) expect(await messagesOf(j, "on-my-way")).toEqual([]);
  });

  it("when the ETA is missing, not a whole number, or outside 5 to 240, or the id is not one, then 400 saying so and nothing is queued", async () => {
    const job = await acceptedJob();
    for (const body of [{}, { etaMinutes: 4 }, { etaMinutes: 241 }, { etaMinutes: 20.5 }, { etaMinutes: "20" }]) {
      const res = await onMyWay(agents.owner, job.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual({ etaMinutes: ETA_MESSAGE });
    }
    const badId = await onMyWay(agents.owner, "abc", { etaMinutes: 20 });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe(RECORD_ID_MESSAGE);
    expect((await onMyWay(agents.owner, job.id, { etaMinutes: 5 })).status).toBe(200);
    expect(await messagesOf(job, "on-my-way")).toHaveLength(1);
  });

  it("when the job is the provider's own, the number a landline, or the job declined, then 409 saying why and no message or audit row", async () => {
    const own = await acceptedJob({ source: "provider_manual" }, { amountPaid: "0.00" });
    const landline = await acceptedJob({ customerPhone: "0298765432" });
    const declined = await acceptedJob({}, { salesStage: "declined", declineReason: "price" });
    for (const [job, message] of [
      [own, ON_MY_WAY_MESSAGES.ownJob],
      [landline, ON_MY_WAY_MESSAGES.notMobile],
      [declined, ON_MY_WAY_MESSAGES.closed],
    ] as const) {
      const res = await onMyWay(agents.owner, job.id, { etaMinutes: 20 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
      expect(await messagesOf(job, "on-my-way")).toEqual([]);
      expect(await changesOf(job, ON_MY_WAY_FIELD)).toEqual([]);
    }
  });
});
