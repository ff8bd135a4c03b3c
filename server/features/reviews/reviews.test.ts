// Reviews over HTTP, on either database (docs/decisions/058-reviews.md): who may review and when,
// the code to the mobile, one review per job, the 7-day edit, masking what customers really type,
// the one reply, reports, the operator's hide with a published reason, and the policy figures.
import { and, eq, like } from "drizzle-orm";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import type { JobView } from "../../../shared/jobs";
import { JOB_TEXT_HIDDEN } from "../../../shared/jobs";
import { jobReviewSchema, publicReviewSchema, REVIEW_MESSAGES, type JobReview, type PublicReview, type ReviewPolicyFigures } from "../../../shared/reviews";
import { REVIEW_HIDDEN_REASON_LABELS } from "../../../shared/reviews-rules";
import { documentPayments, invoices, leadPurchases, leads, outboxMessages, reviewReports, reviews } from "../../../shared/schema";
import { createLead, createUser } from "../../setup/factories";
import { createJobLink } from "../../core/job-links";
import { marketLead, soldLead, tokenOf } from "../../test/job-links";
import { signIn, useOperatorApp } from "../../test/sign-in";

// Monday 23 November 2026, 12:00 in Sydney.
const start = new Date("2026-11-23T01:00:00.000Z");
let clock = start;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(clock.getTime() - ms);
const ctx = useOperatorApp({
  now: () => clock,
  startAlertWorker: false,
  env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000", RATE_LIMIT_SMS_PER_IP: "100000", RATE_LIMIT_JOB_PAGE_PER_IP: "100000" },
});

let phones = 0;
/** A fresh mobile per request: the send limits count per number. */
const mobile = () => `04${String(10_000_000 + ++phones * 7919).slice(-8)}`;

let electrician: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  electrician = await createUser(ctx.db, { firstName: "Dave", companyName: "Sparkright Electrical" });
});

/** A market job sold `purchasedAgo` ago, with whatever purchase columns the test sets. */
async function job(purchasedAgo: number, purchase: Partial<typeof leadPurchases.$inferInsert> = {}, lead: Partial<typeof leads.$inferInsert> = {}) {
  return soldLead(
    ctx.db,
    electrician.id,
    { createdAt: ago(purchasedAgo + HOUR), purchasedAt: ago(purchasedAgo) },
    { purchase, lead: { customerPhone: mobile(), ...lead } },
  );
}
/** A job paid an hour ago: reviewable. */
const paidJob = (lead: Partial<typeof leads.$inferInsert> = {}) => job(2 * DAY, { salesStage: "invoice_paid", invoicePaidAt: ago(HOUR) }, lead);

const askCode = (token: string) => request(ctx.server).post(`/api/jobs/${token}/review-code`).send({});
async function codeFor(token: string): Promise<string> {
  const res = await askCode(token);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return (res.body as { devCode: string }).devCode;
}
const post = (token: string, body: object) => request(ctx.server).post(`/api/jobs/${token}/review`).send(body);
const patch = (token: string, body: object) => request(ctx.server).patch(`/api/jobs/${token}/review`).send(body);
const TEXT = "Dave turned up on time and fixed the switchboard neatly.";
async function reviewed(token: string, body: object = {}): Promise<JobReview> {
  const res = await post(token, { code: await codeFor(token), rating: 5, text: TEXT, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as JobReview;
}
const page = async (token: string) => (await request(ctx.server).get(`/api/jobs/${token}`)).body as JobView;

describe("who may review, and when", () => {
  it("when the job is not paid, not yet a day past its start and under a week old, then no code is sent, no review is taken and the page offers none", async () => {
    const { token } = await job(6 * DAY, { salesStage: "booked_in", jobStartsAt: ago(23 * HOUR) });
    expect((await page(token)).actions).not.toContain("review");
    const asked = await askCode(token);
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(REVIEW_MESSAGES.tooEarly);
    const res = await post(token, { code: "123456", rating: 5, text: TEXT });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(REVIEW_MESSAGES.tooEarly);
  });

  it("when the job reached Paid, then it may be reviewed at once, the page offers it, and the SMS code leaves through the outbox", async () => {
    const { token, sale, lead } = await paidJob();
    expect((await page(token)).actions).toContain("review");
    const code = await codeFor(token);
    const sms = await ctx.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.event, `review.code:${sale.id}:%`));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.recipient).toBe(`sms:${lead.customerPhone}`);
    expect(String(sms[0]!.payload.text)).toContain(code);
    const review = await reviewed(token, { aspects: { quality: 5, punctuality: 4 } });
    expect(jobReviewSchema.strict().safeParse(review).success).toBe(true);
    expect(review).toMatchObject({
      rating: 5,
      text: TEXT,
      customerFirstName: "Karen",
      suburb: "Parramatta",
      month: "2026-11",
      verifiedJob: true,
      paidOnPlatform: false,
      aspects: { quality: 5, punctuality: 4, value: null, tidiness: null },
      hidden: null,
      reply: null,
      canEdit: true,
      editableUntil: new Date(clock.getTime() + 7 * DAY).toISOString(),
    });
    const view = await page(token);
    expect(view.review?.id).toBe(review.id);
    // Still offered: the customer may edit it for 7 days.
    expect(view.actions).toContain("review");
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ purchaseId: sale.id, leadId: lead.id, providerId: electrician.id });
  });

  it("when a booked job started 24 hours ago, then it may be reviewed; 23 hours is too early", async () => {
    const early = await job(2 * DAY, { salesStage: "booked_in", jobStartsAt: ago(23 * HOUR) });
    expect((await askCode(early.token)).status).toBe(409);
    const due = await job(2 * DAY, { salesStage: "booked_in", jobStartsAt: ago(24 * HOUR) });
    await reviewed(due.token);
  });

  it("when a week has passed since the purchase, then it may be reviewed whatever its stage (the electrician never moved it)", async () => {
    expect((await askCode((await job(7 * DAY - 60_000)).token)).status).toBe(409);
    await reviewed((await job(7 * DAY)).token);
  });

  it("when the lead purchase was refunded to the electrician, then the job may still be reviewed a week on", async () => {
    const { token } = await job(7 * DAY, { paymentStatus: "refunded", refundedAt: ago(5 * DAY), refundAmount: "40.00" });
    await reviewed(token);
  });

  it("when the request has no sale, or the token is unknown, then nothing can be reviewed", async () => {
    const { token } = await marketLead(ctx.db, { createdAt: ago(10 * DAY), customerPhone: mobile() });
    const res = await askCode(token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(REVIEW_MESSAGES.noJob);
    expect((await post(token, { code: "123456", rating: 5, text: TEXT })).status).toBe(409);
    expect((await askCode("z".repeat(32))).status).toBe(404);
    expect((await post("z".repeat(32), { code: "123456", rating: 5, text: TEXT })).status).toBe(404);
  });

  it("when the job is a provider's own (provider_manual), then its link opens no review", async () => {
    const lead = await createLead(ctx.db, { source: "provider_manual", status: "sold", customerPhone: mobile() });
    await ctx.db
      .insert(leadPurchases)
      .values({ leadId: lead.id, buyerId: electrician.id, buyerName: "Dave", paymentStatus: "completed", purchasedAt: ago(30 * DAY) });
    const token = tokenOf(await createJobLink(ctx.db, lead.id, ago(30 * DAY)));
    expect((await askCode(token)).status).toBe(404);
    expect((await post(token, { code: "123456", rating: 5, text: TEXT })).status).toBe(404);
  });

  it("when the code is wrong, then 400 and nothing is written; after five wrong tries even the right code is refused", async () => {
    const { token, sale } = await paidJob();
    const code = await codeFor(token);
    const wrong = code === "000000" ? "111111" : "000000";
    const res = await post(token, { code: wrong, rating: 4, text: TEXT });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(REVIEW_MESSAGES.wrongCode);
    for (let i = 0; i < 4; i++) await post(token, { code: wrong, rating: 4, text: TEXT });
    expect((await post(token, { code, rating: 4, text: TEXT })).status).toBe(429);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.purchaseId, sale.id))).toHaveLength(0);
    // A new code starts the tries again.
    await reviewed(token);
  });

  it("when the code is more than 10 minutes old, or was sent for another job, then it does not work", async () => {
    const a = await paidJob();
    const b = await paidJob();
    const codeA = await codeFor(a.token);
    await codeFor(b.token);
    expect((await post(b.token, { code: codeA, rating: 4, text: TEXT })).status).toBe(400);
    const saved = clock;
    clock = new Date(clock.getTime() + 11 * 60_000);
    try {
      expect((await post(a.token, { code: codeA, rating: 4, text: TEXT })).status).toBe(400);
    } finally {
      clock = saved;
    }
  });

  it("when the job was reviewed, then a second review is 409, even with a fresh code, and the used code does not work again", async () => {
    const { token, sale } = await paidJob();
    const code = await codeFor(token);
    expect((await post(token, { code, rating: 5, text: TEXT })).status).toBe(201);
    const again = await post(token, { code, rating: 1, text: TEXT });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REVIEW_MESSAGES.already);
    expect((await patch(token, { code, text: "Changed my mind about all of this." })).status).toBe(400);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.purchaseId, sale.id))).toHaveLength(1);
  });

  it("when the body breaks the rules, then 400 with the rule's message", async () => {
    const { token } = await paidJob();
    const code = await codeFor(token);
    expect((await post(token, { code, rating: 6, text: TEXT })).body.message).toBe(REVIEW_MESSAGES.rating);
    expect((await post(token, { code, rating: 0, text: TEXT })).status).toBe(400);
    expect((await post(token, { code, rating: 3, text: "Too short" })).body.message).toBe(REVIEW_MESSAGES.textShort);
    expect((await post(token, { code, rating: 3, text: "x".repeat(2001) })).body.message).toBe(REVIEW_MESSAGES.textLong);
    expect((await post(token, { code, rating: 3, text: TEXT, aspects: { value: 9 } })).body.message).toBe(REVIEW_MESSAGES.aspect);
    expect((await post(token, { code: "12ab", rating: 3, text: TEXT })).body.message).toBe(REVIEW_MESSAGES.code);
    expect((await post(token, { rating: 3, text: TEXT })).status).toBe(400);
  });
});

describe("editing", () => {
  it("when the customer edits within 7 days with a fresh code, then the review changes and shows as edited; after 7 days it is 409", async () => {
    const { token } = await paidJob();
    await reviewed(token);
    clock = new Date(start.getTime() + 6 * DAY);
    try {
      const res = await patch(token, { code: await codeFor(token), rating: 3, text: "Good work but he left a mess, call 0412 345 678." });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ rating: 3, text: `Good work but he left a mess, call ${JOB_TEXT_HIDDEN}.`, edited: true });
      clock = new Date(start.getTime() + 7 * DAY);
      expect((await page(token)).actions).not.toContain("review");
      expect((await askCode(token)).status).toBe(409);
      const late = await patch(token, { code: "123456", rating: 1 });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(REVIEW_MESSAGES.editClosed);
    } finally {
      clock = start;
    }
  });

  it("when there is no review yet, then PATCH is 404", async () => {
    const { token } = await paidJob();
    expect((await patch(token, { code: "123456", rating: 2 })).status).toBe(404);
  });
});

describe("masking what customers really type, with the code that redacts leads", () => {
  const cases: Array<[string, string]> = [
    ["Great job, call me on oh four one two three four five six seven eight if you need a reference", "call me on [hidden] if"],
    ["He came to 12 Smith St, Newtown and did the lot in an hour.", "came to [hidden]"],
    ["Happy to chat: karen dot mitchell at gmail dot com, or k.m (at) bigpond (dot) com", "chat: [hidden], or [hidden]"],
    ["Send the invoice to karen@example.com please, all good work", "invoice to [hidden] please"],
    ["Ring my partner on +61 412 345 678 for the gate, he was great", "on [hidden] for"],
    // The shapes decision 090 added to the patterns.
    ["He found us at 42 Wallaby\nWay no trouble", "at [hidden] no trouble"],
    ["Came to lot 7 DP 1234 out the back", "to [hidden] [hidden] out"],
    ["We're on the cnr George and King, easy to find", "the cnr [hidden], easy"],
    ["The gate code is four eight two one, he kept it private", "is [hidden], he"],
    ["email karenoneil on gmail for a reference", "email [hidden] for"],
    ["Tell them ONeil sent you", "Tell them [hidden] sent"],
  ];
  it.each(cases)("when the review says %j, then it is shown masked; the operator alone reads it as typed", async (text, shown) => {
    const { token } = await paidJob({ customerEmail: "karen@example.com", customerName: "Karen O'Neil" });
    const review = await reviewed(token, { text });
    expect(review.text).toContain(shown);
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row!.text).toBe(review.text);
    expect(row!.textAsWritten).toBe(text);
    const tab = await request(ctx.server).get("/api/admin/customer-reviews").set("Authorization", ctx.auth);
    const mine = (tab.body.reviews as { id: number; text: string; originalText: string }[]).find((r) => r.id === review.id);
    expect(mine).toMatchObject({ text: review.text, originalText: text });
    // The job page (public, forwardable) shows the masked text only.
    const shownOnPage = await page(token);
    expect(shownOnPage.review?.text).toBe(review.text);
    expect(JSON.stringify(shownOnPage)).not.toContain(JSON.stringify(text).slice(1, -1));
  });

  it("when the review talks about the work, then nothing is masked", async () => {
    const text = "Installed 3 new power points and a 20 amp circuit for $450. Arrived at 9. Very tidy.";
    const { token } = await paidJob();
    expect((await reviewed(token, { text })).text).toBe(text);
  });
});

describe("the electrician's one reply", () => {
  it("when the owner replies, then it shows once, masked; a second reply is 409; PATCH edits it", async () => {
    const { token } = await paidJob();
    const review = await reviewed(token);
    const owner = await signIn(ctx.server, electrician.username);
    const first = await owner.post(`/api/reviews/${review.id}/reply`).send({ text: "Thanks Karen! Call us on 0298765432 any time." });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(publicReviewSchema.strict().safeParse(first.body).success).toBe(true);
    expect((first.body as PublicReview).reply).toMatchObject({ text: `Thanks Karen! Call us on ${JOB_TEXT_HIDDEN} any time.`, edited: false });
    const second = await owner.post(`/api/reviews/${review.id}/reply`).send({ text: "Another" });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(REVIEW_MESSAGES.alreadyReplied);
    clock = new Date(start.getTime() + HOUR);
    try {
      const edited = await owner.patch(`/api/reviews/${review.id}/reply`).send({ text: "Thanks Karen, a pleasure." });
      expect(edited.status).toBe(200);
      expect((edited.body as PublicReview).reply).toMatchObject({ text: "Thanks Karen, a pleasure.", edited: true });
    } finally {
      clock = start;
    }
    expect((await page(token)).review?.reply?.text).toBe("Thanks Karen, a pleasure.");
  });

  it("when someone else replies (a team member, another electrician, signed out), then it is refused", async () => {
    const { token } = await paidJob();
    const review = await reviewed(token);
    const member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: electrician.id });
    const rival = await createUser(ctx.db);
    expect((await (await signIn(ctx.server, member.username)).post(`/api/reviews/${review.id}/reply`).send({ text: "Hi" })).status).toBe(403);
    const byRival = await (await signIn(ctx.server, rival.username)).post(`/api/reviews/${review.id}/reply`).send({ text: "Hi" });
    expect(byRival.status).toBe(403);
    expect(byRival.body.message).toBe(REVIEW_MESSAGES.notYours);
    expect((await request(ctx.server).post(`/api/reviews/${review.id}/reply`).send({ text: "Hi" })).status).toBe(401);
    const owner = await signIn(ctx.server, electrician.username);
    expect((await owner.patch(`/api/reviews/${review.id}/reply`).send({ text: "Nothing to edit" })).status).toBe(404);
    expect((await owner.post(`/api/reviews/999999/reply`).send({ text: "Hi" })).status).toBe(404);
  });
});

describe("reports and the operator's hide", () => {
  const figures = async () => (await request(ctx.server).get("/api/reviews/policy-figures")).body as ReviewPolicyFigures;

  it("when anyone reports a review, then the operator sees it first with the reason; hiding needs a published reason, which then shows in its place", async () => {
    const before = await figures();
    const { token } = await paidJob();
    const review = await reviewed(token);
    const report = await request(ctx.server).post(`/api/reviews/${review.id}/report`).send({ reason: "It names my neighbour and their address" });
    expect(report.status).toBe(202);
    expect(report.body.message).toBe(REVIEW_MESSAGES.reported);
    const tab = await request(ctx.server).get("/api/admin/customer-reviews").set("Authorization", ctx.auth);
    expect(tab.status).toBe(200);
    expect(tab.body.reviews[0], JSON.stringify(tab.body.reviews[0])).toMatchObject({
      id: review.id,
      openReports: 1,
      reportReasons: ["It names my neighbour and their address"],
    });

    const hide = (body: object) => request(ctx.server).post(`/api/admin/customer-reviews/${review.id}/hide`).set("Authorization", ctx.auth).send(body);
    expect((await hide({ reason: "refund" })).status).toBe(400);
    expect((await hide({ reason: "electrician_request" })).body.message).toBe(REVIEW_MESSAGES.hideReason);
    expect((await hide({})).status).toBe(400);
    const hidden = await hide({ reason: "personal_information" });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({
      id: review.id,
      rating: null,
      text: null,
      customerFirstName: null,
      hidden: { reason: "personal_information", label: REVIEW_HIDDEN_REASON_LABELS.personal_information },
    });
    expect((await hide({ reason: "abuse" })).status).toBe(409);
    expect((await page(token)).review?.hidden?.reason).toBe("personal_information");
    const [settled] = await ctx.db.select().from(reviewReports).where(eq(reviewReports.reviewId, review.id));
    expect(settled!.resolvedAt).not.toBeNull();
    const after = await figures();
    expect(after.hidden).toBe(before.hidden + 1);
    expect(after.hiddenByReason.personal_information).toBe(before.hiddenByReason.personal_information + 1);
    expect(after.published).toBe(before.published);
  });

  it("when a report is empty or of no review, then 400 or 404; without the operator's token the hide is 401", async () => {
    const { token } = await paidJob();
    const review = await reviewed(token);
    expect((await request(ctx.server).post(`/api/reviews/${review.id}/report`).send({ reason: "" })).status).toBe(400);
    expect((await request(ctx.server).post(`/api/reviews/999999/report`).send({ reason: "Fake review" })).status).toBe(404);
    expect((await request(ctx.server).post(`/api/admin/customer-reviews/${review.id}/hide`).send({ reason: "abuse" })).status).toBe(401);
  });

  it("when reviews are written, then the policy figures count them as published at once", async () => {
    const before = await figures();
    await reviewed((await paidJob()).token);
    await reviewed((await paidJob()).token);
    const after = await figures();
    expect(after.published).toBe(before.published + 2);
    expect(after.hidden).toBe(before.hidden);
  });
});

describe("paid through the platform", () => {
  /** An issued invoice of the job (the documents feature's row, written straight). */
  async function invoiceOf(purchaseId: number) {
    const [invoice] = await ctx.db
      .insert(invoices)
      .values({
        purchaseId,
        providerId: electrician.id,
        numberSeq: purchaseId,
        number: `INV-${purchaseId}`,
        title: "Tax invoice",
        sellerGstRegistered: true,
        subtotal: "100.00",
        gst: "10.00",
        total: "110.00",
        issuedAt: ago(2 * HOUR),
        dueOn: "2026-12-01",
      })
      .returning();
    return invoice!;
  }

  it("when the job's invoice was paid online, then the review says so", async () => {
    const { token, sale } = await paidJob();
    const invoice = await invoiceOf(sale.id);
    await ctx.db.insert(documentPayments).values({
      purchaseId: sale.id,
      invoiceId: invoice.id,
      amount: "110.00",
      method: "card",
      recordedAt: ago(HOUR),
      source: "stripe",
      paymentIntentId: `pi_review_${sale.id}`,
    });
    expect((await reviewed(token)).paidOnPlatform).toBe(true);
    // Recorded by the electrician (cash, EFT): a verified job, not paid through us.
    const other = await paidJob();
    const recorded = await invoiceOf(other.sale.id);
    await ctx.db.insert(documentPayments).values({ purchaseId: other.sale.id, invoiceId: recorded.id, amount: "110.00", method: "eft", recordedAt: ago(HOUR) });
    expect((await reviewed(other.token)).paidOnPlatform).toBe(false);
  });

  it("when the invoice is paid online after the review was written, then the review says so from then on", async () => {
    const { token, sale } = await job(8 * DAY);
    expect((await reviewed(token)).paidOnPlatform).toBe(false);
    const owner = await signIn(ctx.server, electrician.username);
    const invoice = await owner
      .post(`/api/lead-purchases/${sale.id}/invoices`)
      .send({ items: [{ description: "Switchboard upgrade", quantity: 1, unitPrice: "1000.00" }] });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    // No Stripe keys in tests: the payment is the demo's, recorded as paid online.
    const pay = await request(ctx.server)
      .post(`/api/jobs/${token}/invoices/${(invoice.body as { id: number }).id}/pay`)
      .send({});
    expect(pay.body).toEqual({ payment: { demo: true } });
    expect((await page(token)).review?.paidOnPlatform).toBe(true);
  });
});

describe("no reviewing yourself", () => {
  it("when the lead's mobile is the buyer's own or their team member's, then buying it is 403; a stranger's lead sells", async () => {
    const owner = await createUser(ctx.db, { phone: "0412 555 111" });
    await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id, phone: "+61 412 555 222" });
    const agent = await signIn(ctx.server, owner.username);
    const buy = (leadId: number) => agent.post(`/api/leads/${leadId}/purchase`).send({});
    for (const phone of ["0412555111", "0412555222"]) {
      const lead = await createLead(ctx.db, { customerPhone: phone });
      const res = await buy(lead.id);
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.message).toBe(REVIEW_MESSAGES.selfPurchase);
      const [still] = await ctx.db
        .select()
        .from(leads)
        .where(and(eq(leads.id, lead.id), eq(leads.status, "available")));
      expect(still).toBeDefined();
    }
    const stranger = await createLead(ctx.db, { customerPhone: mobile() });
    expect((await buy(stranger.id)).status).toBe(201);
  });
});
