// "Customer unreachable" claimed by the buyer (docs/decisions/049-missed-promises-and-refunds.md, "A
// customer who never answers"), on either database: refused, with one message per reason, until
// two tries 4 hours apart did not reach the customer (or one wrong number on a mobile they never
// confirmed); then once, with an SMS to the customer; to the operator on a confirmed mobile or
// past the monthly limit.
import { eq } from "drizzle-orm";
import type request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import type { PurchasedLead } from "../../../shared/pipeline";
import { leadPurchases, operatorReviews, outboxMessages, purchaseRefunds, type User } from "../../../shared/schema";
import { UNREACHABLE_MESSAGES, type UnreachableRefusal } from "../../../shared/unreachable";
import { createUser } from "../../setup/factories";
import { createJobLink } from "../../core/job-links";
import { movableClock, recordingSms, sydney } from "../../core/messages/test/messages";
import { useTestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";
import { HOUR, purchaseWithTries, tokenIn, type PurchaseWithTries } from "./test/refunds";

const ORIGIN = "https://sparks.example.com.au";
const BOUGHT = sydney("2026-11-24 09:00");
const clock = movableClock(BOUGHT);
const sms = recordingSms();
const ctx = useTestApp({ sms, now: clock.now, startAlertWorker: false, env: { PUBLIC_URL: ORIGIN, SITE_PHONE: "1300 000 000" } });
let owner: User;
let member: User;
let ownerAgent: request.Agent;

beforeAll(async () => {
  owner = await createUser(ctx.db, { companyName: "Sparky Bros Electrical", firstName: "Dave" });
  member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id });
  ownerAgent = await signIn(ctx.server, owner.username);
});

const bought = (options: Partial<PurchaseWithTries> = {}, buyer = owner) => purchaseWithTries(ctx.db, buyer.id, { boughtAt: BOUGHT, ...options });
const claim = (purchaseId: number, agent = ownerAgent) => agent.post(`/api/lead-purchases/${purchaseId}/unreachable`).send();
const at = (hoursAfterPurchase: number) => clock.set(new Date(BOUGHT.getTime() + hoursAfterPurchase * HOUR));
const purchaseRow = async (id: number) => (await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, id)))[0]!;
const cardOf = async (id: number, agent = ownerAgent) => ((await agent.get("/api/my-purchased-leads")).body as PurchasedLead[]).find((p) => p.id === id)!;
const smsRows = (purchaseId: number) =>
  ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.event, `unreachable.claimed:${purchaseId}`));

describe("the claim accepted", () => {
  it("when two tries 4 hours apart did not reach the customer, then the claim is taken once, the customer gets one SMS naming the business with a fresh job link, and the card waits 48 hours", async () => {
    const purchase = await bought({ tries: [[1], [5, "left_message"]] });
    at(6);
    const res = await claim(purchase.id);
    expect(res.status).toBe(200);
    const until = new Date(clock.now().getTime() + 48 * HOUR).toISOString();
    expect(res.body).toEqual({ message: UNREACHABLE_MESSAGES.waiting, unreachable: { status: "waiting", reason: null, at: until } });
    expect(await purchaseRow(purchase.id)).toMatchObject({ unreachableClaimedAt: clock.now(), unreachableOutcome: null, unreachableSettledAt: null });
    expect(await cardOf(purchase.id)).toMatchObject({ unreachable: { status: "waiting", at: until }, refund: null });

    await ctx.app.alerts.runOnce();
    const [message] = sms.to("0412345678");
    const token = tokenIn(message!.text);
    expect(message!.text).toBe(
      `Did Sparky Bros Electrical reach you about your installation request? ${ORIGIN}/job/${token} - Aussie Electricians, 1300 000 000`,
    );
    expect(await smsRows(purchase.id)).toMatchObject([{ recipient: "sms:0412345678", status: "sent" }]);
    // The link opens the customer's page with the question on it.
    expect((await ownerAgent.get(`/api/jobs/${token}`)).body.actions).toEqual(["still_need", "add_photos", "close"]);

    const again = await claim(purchase.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(UNREACHABLE_MESSAGES.already_claimed);
    await ctx.app.alerts.runOnce();
    expect(sms.to("0412345678")).toHaveLength(1);
  });

  it("when a team member or the assignee claims the owner's job, then it is taken; another provider gets 404", async () => {
    const purchase = await bought({ tries: [[1], [5]], lead: { customerPhone: "0412000001" }, purchase: { assignedTo: member.id } });
    at(6);
    const rival = await signIn(ctx.server, (await createUser(ctx.db)).username);
    expect((await claim(purchase.id, rival)).status).toBe(404);
    expect((await claim(purchase.id, await signIn(ctx.server, member.username))).status).toBe(200);
  });

  it("when one wrong number was logged on a mobile the customer never confirmed, then one try is enough", async () => {
    const purchase = await bought({ tries: [[1, "wrong_number"]], lead: { customerPhone: "0412000002", phoneVerifiedAt: null } });
    at(2);
    const res = await claim(purchase.id);
    expect(res.status).toBe(200);
    expect(res.body.unreachable.status).toBe("waiting");
  });

  it("when the claim is made in the customer's quiet hours, then the SMS waits for 07:00 in their state; a landline gets none and the operator decides", async () => {
    // A buyer of their own: every claim here takes the automatic path (the monthly limit aside).
    const buyer = await createUser(ctx.db, { companyName: "Night Owl Electrical" });
    const agent = await signIn(ctx.server, buyer.username);
    const perth = await bought({ tries: [[1], [11]], lead: { customerPhone: "0412000003", state: "WA" } }, buyer);
    at(13); // 22:00 in Sydney, 19:00 in Perth: Perth is not quiet yet
    expect((await claim(perth.id, agent)).body.unreachable.status).toBe("waiting");
    expect((await smsRows(perth.id))[0]!.dueAt).toEqual(clock.now());
    const sydneyLead = await bought({ tries: [[1], [11]], lead: { customerPhone: "0412000004", state: "NSW" } }, buyer);
    expect((await claim(sydneyLead.id, agent)).body.unreachable.status).toBe("waiting");
    expect((await smsRows(sydneyLead.id))[0]!.dueAt).toEqual(sydney("2026-11-25 07:00"));
    // Nobody can ask a landline by SMS, so no refund can follow by itself (docs/decisions/073).
    const landline = await bought({ tries: [[1], [11]], lead: { customerPhone: "0298765432" } }, buyer);
    const res = await claim(landline.id, agent);
    expect(res.body).toMatchObject({ message: UNREACHABLE_MESSAGES.operator, unreachable: { status: "operator" } });
    expect(await smsRows(landline.id)).toEqual([]);
    expect(await purchaseRow(landline.id)).toMatchObject({ unreachableClaimedAt: clock.now(), unreachableOutcome: "operator" });
    const cases = await ctx.db.select().from(operatorReviews).where(eq(operatorReviews.purchaseId, landline.id));
    expect(cases).toMatchObject([{ kind: "unreachable_not_asked", status: "open" }]);
  });
});

describe("the claim refused, one message per reason", () => {
  const refused = async (purchaseId: number, reason: UnreachableRefusal) => {
    const res = await claim(purchaseId);
    expect(res.status, reason).toBe(409);
    expect(res.body, reason).toEqual({ message: UNREACHABLE_MESSAGES[reason] });
    expect((await purchaseRow(purchaseId)).unreachableClaimedAt, reason).toBeNull();
  };

  it("when nothing, one try, or two tries under 4 hours apart are logged, then 409 says what is missing and the card says from when", async () => {
    const none = await bought();
    const one = await bought({ tries: [[1]] });
    const close = await bought({ tries: [[1], [4.99]] });
    at(5);
    await refused(none.id, "no_tries");
    await refused(one.id, "second_try");
    await refused(close.id, "too_soon");
    expect((await cardOf(none.id)).unreachable).toEqual({ status: "not_yet", reason: "no_tries", at: null });
    const from = new Date(BOUGHT.getTime() + 5 * HOUR).toISOString();
    expect((await cardOf(one.id)).unreachable).toEqual({ status: "not_yet", reason: "second_try", at: from });
    expect((await cardOf(close.id)).unreachable).toEqual({ status: "not_yet", reason: "too_soon", at: from });
  });

  it("when the second try is logged 4 hours after the first through the card, then the claim that was refused is accepted", async () => {
    const purchase = await bought({ tries: [[1]], lead: { customerPhone: "0412000005" } });
    at(4.5);
    await refused(purchase.id, "second_try");
    at(5);
    expect((await ownerAgent.post(`/api/lead-purchases/${purchase.id}/contact-attempts`).send({ channel: "sms", outcome: "no_answer" })).status).toBe(201);
    expect((await cardOf(purchase.id)).unreachable).toEqual({ status: "available", reason: null, at: null });
    expect((await claim(purchase.id)).status).toBe(200);
  });

  it("when a try reached the customer, a quote was sent or the job moved on, then 409 and the card offers nothing", async () => {
    const reached = await bought({ tries: [[1], [5], [5.5, "reached"]] });
    const called = await bought({ tries: [[1], [5]], purchase: { salesStage: "called" } });
    const quotedThenBack = await bought({ tries: [[1], [5]], purchase: { quoteSentAt: BOUGHT } });
    at(6);
    await refused(reached.id, "reached");
    await refused(called.id, "moved_on");
    await refused(quotedThenBack.id, "moved_on");
    expect((await cardOf(reached.id)).unreachable).toBeNull();
  });

  it("when more than 7 days passed since the purchase, then 409; at 7 days it is still taken", async () => {
    const late = await bought({ tries: [[1], [5]] });
    const inTime = await bought({ tries: [[1], [5]], lead: { customerPhone: "0412000006" } });
    at(7 * 24);
    expect((await claim(inTime.id)).status).toBe(200);
    clock.advance(60_000);
    await refused(late.id, "too_late");
  });

  it("when the job is the provider's own, was claimed free or was refunded already, then 409; a released purchase is 404", async () => {
    const own = await bought({ tries: [[1], [5]], lead: { source: "provider_manual" }, purchase: { amountPaid: "0.00" } });
    const free = await bought({ tries: [[1], [5]], purchase: { amountPaid: "0.00" } });
    const refunded = await bought({ tries: [[1], [5]] });
    await ctx.db.insert(purchaseRefunds).values({ purchaseId: refunded.id, reason: "bad_lead", amount: "40.00", createdAt: BOUGHT });
    const released = await bought({ tries: [[1], [5]], purchase: { releasedAt: BOUGHT } });
    at(6);
    await refused(own.id, "own_job");
    await refused(free.id, "nothing_paid");
    await refused(refunded.id, "refunded");
    expect((await claim(released.id)).status).toBe(404);
  });
});

describe("claims the operator decides", () => {
  it("when the wrong number was logged on a mobile the customer confirmed, then the claim goes to the operator with both sides' records, and no SMS", async () => {
    const purchase = await bought({ tries: [[1, "wrong_number"]], lead: { customerPhone: "0412000007", phoneVerifiedAt: sydney("2026-11-24 08:30") } });
    at(2);
    const res = await claim(purchase.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: UNREACHABLE_MESSAGES.operator, unreachable: { status: "operator", reason: null, at: clock.now().toISOString() } });
    const [review] = await ctx.db.select().from(operatorReviews).where(eq(operatorReviews.purchaseId, purchase.id));
    expect(review).toMatchObject({ kind: "wrong_number_verified", status: "open" });
    expect(review!.evidence).toMatchObject({
      buyer: { buyerId: owner.id, amountPaid: "40.00", attempts: [{ channel: "call", outcome: "wrong_number", by: owner.id }] },
      customer: { phoneKind: "mobile", mobileVerifiedAt: sydney("2026-11-24 08:30").toISOString() },
    });
    expect(await purchaseRow(purchase.id)).toMatchObject({ unreachableOutcome: "operator", unreachableSettledAt: clock.now() });
    expect(await smsRows(purchase.id)).toEqual([]);
    expect((await claim(purchase.id)).status).toBe(409);
  });

  it("when the provider has more than 3 unreachable refunds in the last 30 days, then the next claim goes to the operator; with 3 it is automatic", async () => {
    const busy = await createUser(ctx.db, { companyName: "Busy Sparks" });
    const agent = await signIn(ctx.server, busy.username);
    at(6);
    const refundedAgo = async (days: number) => {
      const p = await bought({}, busy);
      await ctx.db
        .insert(purchaseRefunds)
        .values({ purchaseId: p.id, reason: "unreachable", amount: "40.00", createdAt: new Date(clock.now().getTime() - days * 24 * HOUR) });
    };
    for (const days of [1, 10, 29]) await refundedAgo(days);
    await refundedAgo(31); // outside the 30 days
    const third = await bought({ tries: [[1], [5]], lead: { customerPhone: "0412000008" } }, busy);
    expect((await claim(third.id, agent)).body.unreachable.status).toBe("waiting");
    // 3 refunds and 1 claim on its way: more than 3.
    const fifth = await bought({ tries: [[1], [5]], lead: { customerPhone: "0412000009" } }, busy);
    const res = await claim(fifth.id, agent);
    expect(res.body.unreachable.status).toBe("operator");
    const [review] = await ctx.db.select().from(operatorReviews).where(eq(operatorReviews.purchaseId, fifth.id));
    expect(review).toMatchObject({ kind: "unreachable_over_limit", evidence: { buyer: { unreachableRefundsAndOpenClaimsLast30Days: 4 } } });
    expect(await smsRows(fifth.id)).toEqual([]);
  });
});

describe("the customer's page", () => {
  it("when the claim went to the operator, then the job page asks the customer nothing", async () => {
    const purchase = await bought({ tries: [[1, "wrong_number"]], lead: { customerPhone: "0412000010", phoneVerifiedAt: BOUGHT } });
    const path = await createJobLink(ctx.db, purchase.leadId, clock.now());
    at(2);
    expect((await claim(purchase.id)).body.unreachable.status).toBe("operator");
    expect((await ownerAgent.get(`/api${path.replace(/^\/job\//, "/jobs/")}`)).body.actions).toEqual(["add_photos", "close"]);
  });
});
