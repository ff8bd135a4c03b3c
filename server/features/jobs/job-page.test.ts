// The customer's job page over HTTP, on either database (docs/decisions/044-job-page.md): the
// token rules, each status with its timeline, the electrician, the contact promise, what the page
// never shows, its headers and its rate limit.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { contactBy } from "../../../shared/contact-promise";
import { JOB_PAGE_MESSAGES, JOB_TEXT_HIDDEN, jobViewSchema, type JobView } from "../../../shared/jobs";
import * as schema from "../../../shared/schema";
import { jobLinks, leadPurchases, leads } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { createUser, TEST_ABN } from "../../setup/factories";
import { useTestApp, withTestApp } from "../../test/app";
import { logAttempt, logMove, marketLead, soldLead } from "../../test/job-links";
import { leadOfToken } from "../../core/job-links";

// Monday 23 November 2026, 12:00 in Sydney (AEDT): inside the promise's 07:00-19:00 window.
const clock = new Date("2026-11-23T01:00:00.000Z");
const minutesAgo = (m: number) => new Date(clock.getTime() - m * 60_000);
const ctx = useTestApp({ now: () => clock, env: { RATE_LIMIT_JOB_PAGE_PER_IP: "100000" } });

const page = (token: string) => request(ctx.server).get(`/api/jobs/${token}`);
async function view(token: string): Promise<JobView> {
  const res = await page(token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as JobView;
}
const statuses = (v: JobView) => v.timeline.map((step) => step.status);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const buyer = () => createUser(ctx.db);
const sold = async (purchase: Partial<typeof leadPurchases.$inferInsert> = {}, lead: Partial<typeof leads.$inferInsert> = {}) =>
  soldLead(ctx.db, (await buyer()).id, { createdAt: minutesAgo(120), purchasedAt: minutesAgo(60) }, { purchase, lead });

describe("the token", () => {
  it("when a link is made, then only the SHA-256 of its token is stored, and the token opens the page", async () => {
    const { lead, token } = await marketLead(ctx.db, { createdAt: minutesAgo(5) });
    const rows = await ctx.db.select().from(jobLinks).where(eq(jobLinks.leadId, lead.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await view(token)).jobReference).toBe(lead.jobReference);
  });

  it("when the page is read, then it is the JobView of shared/jobs.ts exactly, no field more", async () => {
    const { token } = await sold();
    const body = await view(token);
    expect(jobViewSchema.strict().safeParse(body).success).toBe(true);
    expect(Object.keys(body).sort()).toEqual(
      [
        "jobReference",
        "status",
        "submittedAt",
        "serviceType",
        "suburb",
        "state",
        "postcode",
        "electricalWork",
        "electrician",
        "contactBy",
        "timeline",
        "actions",
        "notContacted",
        "closure",
        "photoCount",
        "photos",
        "quote",
        "invoices",
        "review",
        "booking",
        "certificates",
      ].sort(),
    );
    // Sold an hour ago, promised within two: the customer may add photos (docs/decisions/050-photos.md) and close it, not yet report a missed promise (docs/decisions/049).
    expect(body.actions).toEqual(["add_photos", "close"]);
    expect(body.notContacted).toBeNull();
    expect(body.closure).toBeNull();
  });

  it("when the link is revoked, then the token answers the same 404 as one never made", async () => {
    const { lead, token } = await marketLead(ctx.db, { createdAt: minutesAgo(5) });
    await ctx.db.update(jobLinks).set({ revokedAt: clock }).where(eq(jobLinks.leadId, lead.id));
    const revoked = await page(token);
    const unknown = await page("Z".repeat(32));
    expect(revoked.status).toBe(404);
    expect(revoked.body).toEqual({ message: JOB_PAGE_MESSAGES.notFound });
    expect(unknown.body).toEqual(revoked.body);
  });

  it.each([["short"], ["x".repeat(33)], [`${"a".repeat(31)}!`], ["A".repeat(300)], ["lookup"], ["has%20a%20space"]])(
    "when the token is malformed (%j), then the same 404 body as an unknown well-formed one",
    async (token) => {
      const malformed = await page(token);
      const unknown = await page("Q".repeat(32));
      expect(malformed.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(malformed.body).toEqual(unknown.body);
      expect(malformed.body).toEqual({ message: JOB_PAGE_MESSAGES.notFound });
    },
  );

  it("when a malformed, an unknown, a revoked and a real token are asked for, then each is hashed and looked up with the same one statement first", async () => {
    const real = await marketLead(ctx.db, { createdAt: minutesAgo(5) });
    const revoked = await marketLead(ctx.db, { createdAt: minutesAgo(5) });
    await ctx.db.update(jobLinks).set({ revokedAt: clock }).where(eq(jobLinks.leadId, revoked.lead.id));
    await withLoggedDb(async (db, queries) => {
      const seen: Array<{ token: string; found: boolean; queries: typeof queries }> = [];
      for (const token of ["short", "A".repeat(300), "Q".repeat(32), revoked.token, real.token]) {
        queries.length = 0;
        const lead = await leadOfToken(db, token);
        seen.push({ token, found: lead !== null, queries: [...queries] });
      }
      expect(seen.map((s) => s.found)).toEqual([false, false, false, false, true]);
      // One probe each, the same statement, with the token's hash as its only parameter.
      for (const s of seen) {
        expect(s.queries).toHaveLength(1);
        expect(s.queries[0]!.sql).toBe(seen[0]!.queries[0]!.sql);
        expect(s.queries[0]!.params).toEqual([sha256(s.token)]);
      }
      expect(seen[0]!.queries[0]!.sql).toMatch(/"token_hash" = \$1/);
    });
  });

  it("when a provider's own job somehow has a link, then its page is 404 all the same", async () => {
    const { lead, token } = await marketLead(ctx.db, { createdAt: minutesAgo(5), source: "provider_manual", status: "sold" });
    expect(lead.source).toBe("provider_manual");
    const res = await page(token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: JOB_PAGE_MESSAGES.notFound });
  });
});

describe("the status and its timeline", () => {
  it("when the request is on sale, then finding since it was sent, with no electrician and no promise", async () => {
    const { lead, token } = await marketLead(ctx.db, { createdAt: minutesAgo(30) });
    const body = await view(token);
    expect(body).toMatchObject({ status: "finding", electrician: null, contactBy: null, submittedAt: lead.createdAt.toISOString() });
    expect(body.timeline).toEqual([{ status: "finding", at: minutesAgo(30).toISOString() }]);
  });

  it("when it is bought and only unanswered calls are logged, then matched at the purchase", async () => {
    const { token, sale } = await sold();
    await logAttempt(ctx.db, sale.id, "no_answer", minutesAgo(50));
    await logAttempt(ctx.db, sale.id, "left_message", minutesAgo(40));
    const body = await view(token);
    expect(body.status).toBe("matched");
    expect(body.timeline).toEqual([
      { status: "finding", at: minutesAgo(120).toISOString() },
      { status: "matched", at: minutesAgo(60).toISOString() },
    ]);
  });

  it("when the buyer logs that they reached the customer, then contacted at the first reached attempt, still in Purchased", async () => {
    const { token, sale } = await sold();
    await logAttempt(ctx.db, sale.id, "no_answer", minutesAgo(50));
    await logAttempt(ctx.db, sale.id, "reached", minutesAgo(30));
    await logAttempt(ctx.db, sale.id, "reached", minutesAgo(10));
    const body = await view(token);
    expect(body.status).toBe("contacted");
    expect(body.timeline.at(-1)).toEqual({ status: "contacted", at: minutesAgo(30).toISOString() });
  });

  it("when the job is moved to Called, then contacted at called_at", async () => {
    const { token } = await sold({ salesStage: "called", calledAt: minutesAgo(20) });
    const body = await view(token);
    expect(body.status).toBe("contacted");
    expect(statuses(body)).toEqual(["finding", "matched", "contacted"]);
    expect(body.timeline[2]!.at).toBe(minutesAgo(20).toISOString());
  });

  it.each([
    ["quote_sent", "quoted", ["finding", "matched", "contacted", "quoted"]],
    ["quote_accepted", "accepted", ["finding", "matched", "contacted", "quoted", "accepted"]],
    ["booked_in", "booked", ["finding", "matched", "contacted", "quoted", "accepted", "booked"]],
    ["invoice_paid", "paid", ["finding", "matched", "contacted", "quoted", "accepted", "booked", "paid"]],
  ] as const)("when the job is in %s, then %s, each step at its stage's time", async (stage, status, steps) => {
    const times = {
      calledAt: minutesAgo(50),
      quoteSentAt: minutesAgo(40),
      quoteAcceptedAt: minutesAgo(30),
      bookedInAt: minutesAgo(20),
      invoicePaidAt: minutesAgo(10),
    };
    const reached = { quote_sent: 2, quote_accepted: 3, booked_in: 4, invoice_paid: 5 }[stage];
    const stamps = Object.fromEntries(Object.entries(times).slice(0, reached));
    const { token } = await sold({ salesStage: stage, ...stamps });
    const body = await view(token);
    expect(body.status).toBe(status);
    expect(statuses(body)).toEqual(steps);
    expect(body.timeline.slice(2).map((s) => s.at)).toEqual(Object.values(stamps).map((d) => (d as Date).toISOString()));
  });

  it("when the stage was moved back from Booked to Quoted, then quoted, and the undone steps leave the timeline", async () => {
    const { token } = await sold({
      salesStage: "quote_sent",
      calledAt: minutesAgo(50),
      quoteSentAt: minutesAgo(40),
      quoteAcceptedAt: minutesAgo(30),
      bookedInAt: minutesAgo(20),
    });
    const body = await view(token);
    expect(body.status).toBe("quoted");
    expect(statuses(body)).toEqual(["finding", "matched", "contacted", "quoted"]);
  });

  it.each([
    ["declined", { salesStage: "declined", calledAt: minutesAgo(50), declinedAt: minutesAgo(15) }, minutesAgo(15)],
    [
      "archived by the buyer",
      { salesStage: "quote_sent", calledAt: minutesAgo(50), quoteSentAt: minutesAgo(40), isArchived: true, archivedAt: minutesAgo(12) },
      minutesAgo(12),
    ],
    ["refunded", { salesStage: "called", calledAt: minutesAgo(50), refundedAt: minutesAgo(8), refundAmount: "40.00" }, minutesAgo(8)],
  ] as const)("when the purchase is %s, then closed at that time, after the steps it reached", async (_, purchase, closedAt) => {
    const { token } = await sold(purchase);
    const body = await view(token);
    expect(body.status).toBe("closed");
    expect(body.timeline.at(-1)).toEqual({ status: "closed", at: closedAt.toISOString() });
    expect(statuses(body).slice(0, 3)).toEqual(["finding", "matched", "contacted"]);
    expect(body.electrician).not.toBeNull();
  });

  it("when the lead is archived while on sale, then closed at its archiving, with no electrician", async () => {
    const { token } = await marketLead(ctx.db, { createdAt: minutesAgo(90), isArchived: true, archivedAt: minutesAgo(10) });
    const body = await view(token);
    expect(body).toMatchObject({ status: "closed", electrician: null, contactBy: null });
    expect(body.timeline).toEqual([
      { status: "finding", at: minutesAgo(90).toISOString() },
      { status: "closed", at: minutesAgo(10).toISOString() },
    ]);
  });

  it("when the super admin unpurchased the sale, then the released purchase is history: finding again, no electrician", async () => {
    const { lead, token, sale } = await sold({ salesStage: "called", calledAt: minutesAgo(50) });
    await ctx.db
      .update(leadPurchases)
      .set({ releasedAt: minutesAgo(5), releaseReason: "unpurchased" })
      .where(eq(leadPurchases.id, sale.id));
    await ctx.db
      .update(leads)
      .set({ status: "available", auctionStartedAt: minutesAgo(5) })
      .where(eq(leads.id, lead.id));
    const body = await view(token);
    expect(body).toMatchObject({ status: "finding", electrician: null, contactBy: null });
    expect(statuses(body)).toEqual(["finding"]);
  });
});

describe("the electrician", () => {
  it("when the request is bought, then the buyer's business, licence, check date, ABN and membership are shown", async () => {
    const decided = new Date("2025-03-04T05:06:07.000Z");
    const joined = new Date("2025-03-01T00:00:00.000Z");
    const electrician = await createUser(ctx.db, {
      companyName: "Volt Brothers Electrical",
      firstName: "Mick",
      lastName: "Volt",
      phone: "0400111222",
      licenseNumber: "123456C",
      licenceState: "NSW",
      abn: TEST_ABN,
      verificationDecidedAt: decided,
      createdAt: joined,
    });
    const { token } = await soldLead(ctx.db, electrician.id, { createdAt: minutesAgo(120), purchasedAt: minutesAgo(60) });
    expect((await view(token)).electrician).toEqual({
      businessName: "Volt Brothers Electrical",
      firstName: "Mick",
      phone: "0400111222",
      licenceNumber: "123456C",
      licenceState: "NSW",
      licenceCheckedAt: decided.toISOString(),
      abn: TEST_ABN,
      memberSince: joined.toISOString(),
      jobsCompleted: 0,
      medianMinutesToContact: null,
      // No slug made for this factory-made provider, and no reviews: no link, no rating (docs/decisions/060-public-profiles.md).
      profilePath: null,
      rating: { average: null, count: 0 },
    });
  });

  it("when the buyer's licence was never approved, then no check date is claimed", async () => {
    const electrician = await createUser(ctx.db, { verificationStatus: "pending", verificationDecidedAt: null });
    const { token } = await soldLead(ctx.db, electrician.id, { createdAt: minutesAgo(120), purchasedAt: minutesAgo(60) });
    expect((await view(token)).electrician?.licenceCheckedAt).toBeNull();
  });

  it("when jobs are counted, then only the buyer's market jobs that reached Paid count: not their own jobs, not released ones, not unpaid ones", async () => {
    const electrician = await createUser(ctx.db);
    const times = { createdAt: minutesAgo(60 * 24 * 200), purchasedAt: minutesAgo(60 * 24 * 199) };
    const paid = { purchase: { salesStage: "invoice_paid" as const, invoicePaidAt: minutesAgo(60 * 24 * 150) } };
    await soldLead(ctx.db, electrician.id, times, paid);
    await soldLead(ctx.db, electrician.id, times, paid);
    await soldLead(ctx.db, electrician.id, times, { ...paid, lead: { source: "provider_manual" } });
    await soldLead(ctx.db, electrician.id, times, { purchase: { ...paid.purchase, releasedAt: minutesAgo(60 * 24 * 100), releaseReason: "unpurchased" } });
    const { token } = await soldLead(ctx.db, electrician.id, times, { purchase: { salesStage: "quote_sent", quoteSentAt: minutesAgo(60) } });
    await soldLead(ctx.db, (await buyer()).id, times, paid); // another electrician's
    expect((await view(token)).electrician?.jobsCompleted).toBe(2);
  });

  it("when fewer than 5 of the last 90 days' market purchases have a first contact, then no median; from 5, the median of their minutes", async () => {
    const electrician = await createUser(ctx.db);
    const DAY = 60 * 24;
    /** A purchase `daysAgo`, first contacted after `attempt` minutes (any outcome) or moved to Called or later after `move`. */
    const purchase = async (daysAgo: number, contact: { attempt?: number; move?: number }, lead: Partial<typeof leads.$inferInsert> = {}) => {
      const purchasedAt = minutesAgo(daysAgo * DAY);
      const bought = await soldLead(ctx.db, electrician.id, { createdAt: minutesAgo(daysAgo * DAY + 30), purchasedAt }, { lead });
      const after = (m: number) => new Date(purchasedAt.getTime() + m * 60_000);
      if (contact.attempt !== undefined) await logAttempt(ctx.db, bought.sale.id, "no_answer", after(contact.attempt));
      if (contact.move !== undefined) await logMove(ctx.db, bought.sale.id, "quote_sent", after(contact.move));
      return bought;
    };
    const median = async (token: string) => (await view(token)).electrician?.medianMinutesToContact;

    const first = await purchase(1, { attempt: 10 });
    await purchase(2, { move: 20 });
    await purchase(3, { attempt: 30, move: 90 });
    await purchase(4, { attempt: 70, move: 40 });
    // Not counted: no contact yet, older than 90 days, a provider's own job, a released purchase, a move to Declined.
    await purchase(5, {});
    await purchase(91, { attempt: 1 });
    await purchase(6, { attempt: 1 }, { source: "provider_manual" });
    const released = await purchase(7, { attempt: 1 });
    await ctx.db.update(leadPurchases).set({ releasedAt: clock, releaseReason: "unpurchased" }).where(eq(leadPurchases.id, released.sale.id));
    const declined = await purchase(8, {});
    await logMove(ctx.db, declined.sale.id, "declined", new Date(declined.sale.purchasedAt.getTime() + 60_000));
    expect(await median(first.token)).toBeNull();

    await purchase(9, { move: 50 });
    expect(await median(first.token)).toBe(30); // 10, 20, 30, 40, 50
    await purchase(10, { attempt: 61 });
    expect(await median(first.token)).toBe(35); // 10, 20, 30, 40, 50, 61: (30 + 40) / 2
  });
});

describe("the contact promise", () => {
  it.each([
    ["an ordinary NSW request", { state: "NSW" }],
    ["a WA emergency", { state: "WA", postcode: "6000", urgency: "emergency" }],
    ["an emergency by service type in SA", { state: "SA", postcode: "5000", serviceType: "emergency" }],
    ["an old row with no state", { state: null }],
  ])("when %s is bought, then contactBy is shared/contact-promise.ts's deadline from purchased_at", async (_, lead) => {
    const purchasedAt = new Date("2026-11-23T07:30:00.000Z"); // 18:30 in Sydney: the promise runs over into the next morning
    const electrician = await buyer();
    const { token, lead: row } = await soldLead(ctx.db, electrician.id, { createdAt: minutesAgo(200), purchasedAt }, { lead });
    const expected = contactBy({
      purchasedAt,
      state: row.state,
      emergency: row.urgency === "emergency" || row.serviceType === "emergency",
      promiseMinutes: ctx.config.CONTACT_PROMISE_MINUTES,
    });
    expect((await view(token)).contactBy).toBe(expected.toISOString());
  });

  it("when CONTACT_PROMISE_MINUTES changes, then the page's promise moves with it", () =>
    withTestApp({ now: () => clock, env: { CONTACT_PROMISE_MINUTES: "30" } }, async (other) => {
      const purchasedAt = minutesAgo(60);
      const { token } = await soldLead(other.db, (await createUser(other.db)).id, { createdAt: minutesAgo(120), purchasedAt });
      const res = await request(other.app).get(`/api/jobs/${token}`);
      expect(res.body.contactBy).toBe(new Date(purchasedAt.getTime() + 30 * 60_000).toISOString());
    }));
});

describe("what the page never shows", () => {
  // As customers really type: an address in the description, a phone spelt out and written
  // twice, a name with odd separators, an e-mail, a key safe code; access notes on the side.
  const customer = {
    customerName: "Johnathan_Zebedee.Customerson",
    customerPhone: "0412345678",
    customerEmail: "jz.customerson@gmail.com",
    customerAddress: "Unit 4, 27 Wattle Grove, Parramatta NSW 2150",
    serviceLocation: "Unit 4, 27 Wattle Grove, Parramatta NSW 2150",
    accessNotes: "Side gate code 4821, dog in the yard",
    specialRequests: "Text 0412 345 678 before coming, Zebedee works nights",
    electricalWork:
      "Power keeps tripping at 27 wattle grove (unit 4). Call me on oh four one two, three four five, six seven eight or 0412-345-678, " +
      "or email jz.customerson@gmail.com and ask for Zebedee or Mr Customerson. Switchboard is in the garage, key safe 0815.",
  };
  const secrets = [
    "27",
    "Wattle",
    "0412",
    "345",
    "678",
    "four one two",
    "six seven eight",
    "Zebedee",
    "Customerson",
    "customerson",
    "gmail",
    "@",
    "4821",
    "0815",
    "dog in the yard",
    "works nights",
    "Unit 4",
  ];

  it.each([
    ["on sale", async () => marketLead(ctx.db, { createdAt: minutesAgo(30), ...customer })],
    ["bought", async () => soldLead(ctx.db, (await buyer()).id, { createdAt: minutesAgo(120), purchasedAt: minutesAgo(60) }, { lead: customer })],
  ])("when the request is %s, then its page shows the work but no phone, address, name, e-mail, code or access note", async (_, make) => {
    const { token } = await make();
    const body = await view(token);
    // Every field a customer's words could reach (the times, the reference and the buyer's own details cannot).
    const { submittedAt: _s, contactBy: _c, timeline: _t, jobReference: _j, electrician: _e, ...typed } = body;
    const json = JSON.stringify(typed);
    for (const secret of secrets) expect(json, secret).not.toContain(secret);
    expect(Object.keys(body).filter((key) => /customer|address|phone|email|access|special/i.test(key))).toEqual([]);
    expect(body.electricalWork).toMatch(/^Power keeps tripping at \[hidden\]/);
    expect(body.electricalWork).toContain("Switchboard is in the garage, key safe [hidden].");
    expect(body.electricalWork).toContain(JOB_TEXT_HIDDEN);
    expect(body.electricalWork).not.toContain("shown after purchase");
    expect(body).toMatchObject({ suburb: "Parramatta", state: "NSW", postcode: "2150" });
  });
});

describe("headers and limits", () => {
  it("when any /api/jobs answer is given (found, not found, refused input), then it is not stored, not indexed and sends no Referer", async () => {
    const { token } = await marketLead(ctx.db, { createdAt: minutesAgo(5) });
    const answers = [
      await page(token),
      await page("nope"),
      await request(ctx.server).post("/api/jobs/lookup").send({ phone: "12" }),
      await request(ctx.server).post("/api/jobs/lookup").send({ phone: "0499 000 111" }),
      await request(ctx.server).post("/api/jobs/lookup/verify").send({ phone: "0499 000 111", code: "000000" }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 404, 400, 202, 400]);
    for (const res of answers) {
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["x-robots-tag"]).toBe("noindex");
    }
  });

  it("when one network passes RATE_LIMIT_JOB_PAGE_PER_IP page reads in 10 minutes, then 429 JSON, with the same headers; its lookups and another network are not held", () =>
    withTestApp({ env: { RATE_LIMIT_JOB_PAGE_PER_IP: "3", TRUST_PROXY: "1" } }, async (limited) => {
      const from = (ip: string) => ({ "X-Forwarded-For": ip });
      const app = request(limited.app);
      const first = [
        await app.get(`/api/jobs/${"a".repeat(32)}`).set(from("198.51.100.1")),
        await app.get(`/api/jobs/${"b".repeat(32)}`).set(from("198.51.100.1")),
        await app.get("/api/jobs/short").set(from("198.51.100.1")),
      ];
      expect(first.map((r) => r.status)).toEqual([404, 404, 404]);
      const refused = await app.get(`/api/jobs/${"a".repeat(32)}`).set(from("198.51.100.1"));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: expect.stringMatching(/^Too many requests/) });
      expect(refused.headers["cache-control"]).toBe("no-store");
      expect(refused.headers["referrer-policy"]).toBe("no-referrer");
      expect((await app.post("/api/jobs/lookup").set(from("198.51.100.1")).send({ phone: "0499 000 111" })).status).toBe(202);
      expect((await app.get(`/api/jobs/${"a".repeat(32)}`).set(from("198.51.100.2"))).status).toBe(404);
    }));

  it("when one network sends RATE_LIMIT_PUBLIC_FORMS_PER_IP lookups in 10 minutes, then the next lookup or code check is 429; its page reads are not held", () =>
    withTestApp({ env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "2", TRUST_PROXY: "1" } }, async (limited) => {
      const from = { "X-Forwarded-For": "198.51.100.3" };
      const app = request(limited.app);
      expect((await app.post("/api/jobs/lookup").set(from).send({ phone: "0499 000 111" })).status).toBe(202);
      expect((await app.post("/api/jobs/lookup/verify").set(from).send({ phone: "0499000111", code: "123456" })).status).toBe(400);
      const refused = await app.post("/api/jobs/lookup").set(from).send({ phone: "0499 000 111" });
      expect(refused.status).toBe(429);
      expect(refused.headers["referrer-policy"]).toBe("no-referrer");
      expect((await app.get(`/api/jobs/${"a".repeat(32)}`).set(from)).status).toBe(404);
    }));
});

/** This file's database again, through a Drizzle that writes down every statement it sends. */
async function withLoggedDb(run: (db: Db, queries: Array<{ sql: string; params: unknown[] }>) => Promise<void>) {
  const queries: Array<{ sql: string; params: unknown[] }> = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => void queries.push({ sql, params }) };
  if (ctx.database.kind === "pglite") return run(drizzlePglite(ctx.database.pglite!, { schema, logger }) as unknown as Db, queries);
  const pool = new pg.Pool({ connectionString: ctx.database.url, max: 1 });
  try {
    await run(drizzlePg(pool, { schema, logger }) as unknown as Db, queries);
  } finally {
    await pool.end();
  }
}
