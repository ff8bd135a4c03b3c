// "Lost the link" over HTTP, on either database (docs/decisions/044-job-page.md): the same 202
// for every mobile, a code (and its SMS in the outbox) only for a mobile with market requests of
// the last 12 months, the SMS limits, and the code's 10 minutes, 5 tries and single use, which
// revoke every older link and hand out fresh ones.
import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import request from "supertest";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { JOB_LOOKUP_MESSAGES, JOB_PAGE_MESSAGES, type JobLookupVerifyResponse } from "../../../shared/jobs";
import { jobLinks, jobLookups, outboxMessages } from "../../../shared/schema";
import { createUser } from "../../setup/factories";
import { smsFromUs } from "../../core/messages";
import { PRODUCTION_ENV, useTestApp, withTestApp, type TestApp } from "../../test/app";
import { marketLead, soldLead, tokenOf } from "../../test/job-links";
import { itOnPostgres } from "../../test/postgres-only";
import { LOOKUP_CODE_TTL_MS, LOOKUP_MAX_TRIES } from "./lookup";

// 22:30 in Sydney: quiet hours, which a code the customer has just asked for ignores.
let clock = new Date("2026-11-23T11:30:00.000Z");
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
const DAY_MS = 86_400_000;
// No worker: these tests read the outbox's rows and the links as the lookup leaves them. A pass
// mid-test sends the code's SMS (no longer "pending"), and its review-invitation sweep mints a
// link for the sold job's SMS, live beside the lookup's fresh ones: both fail the tests when the
// worker polls every 100 ms, and the second was seen once in a loaded CI run.
const ctx = useTestApp({
  now: () => clock,
  startAlertWorker: false,
  env: { RATE_LIMIT_JOB_PAGE_PER_IP: "100000", RATE_LIMIT_SMS_PER_IP: "100000", TRUST_PROXY: "1" },
});

let phoneSeq = 600000;
/** A fresh mobile per test, so the per-phone limit is only met where a test means to. */
const freshMobile = () => `0412${++phoneSeq}`;
const spaced = (digits: string) => `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
const ask = (app: TestApp, phone: string, ip = "203.0.113.9") => request(app.app).post("/api/jobs/lookup").set("X-Forwarded-For", ip).send({ phone });
const verify = (app: TestApp, phone: string, code: string) => request(app.app).post("/api/jobs/lookup/verify").send({ phone, code });
const page = (app: TestApp, token: string) => request(app.app).get(`/api/jobs/${token}`);
const outboxFor = (app: TestApp, phone: string) =>
  app.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, `sms:${phone}`));
const lookupsFor = (app: TestApp, phone: string) => app.db.select().from(jobLookups).where(eq(jobLookups.phone, phone));
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const WRONG_CODE = { message: JOB_LOOKUP_MESSAGES.wrongCode, errors: { code: JOB_LOOKUP_MESSAGES.wrongCode } };

/** A customer's market request `daysAgo`, with its link. */
const customersRequest = (phone: string, daysAgo: number, values = {}) =>
  marketLead(ctx.db, { customerPhone: phone, createdAt: new Date(clock.getTime() - daysAgo * DAY_MS), ...values });

async function codeFor(phone: string) {
  const res = await ask(ctx, spaced(phone));
  expect(res.status).toBe(202);
  expect(res.body.devCode).toMatch(/^\d{6}$/);
  return res.body.devCode as string;
}

beforeEach(() => {
  clock = new Date("2026-11-23T11:30:00.000Z");
});

describe("asking for a code", () => {
  it("when the mobile has no requests, then the same 202 as one that has, and nothing is stored or sent", async () => {
    const known = freshMobile();
    await customersRequest(known, 3);
    const unknown = freshMobile();
    const none = await ask(ctx, spaced(unknown));
    const some = await ask(ctx, spaced(known));
    expect(none.status).toBe(202);
    expect(some.status).toBe(202);
    expect(none.body).toEqual({ message: JOB_LOOKUP_MESSAGES.sent });
    expect(some.body).toEqual({ message: JOB_LOOKUP_MESSAGES.sent, devCode: expect.stringMatching(/^\d{6}$/) });
    expect(await lookupsFor(ctx, unknown)).toEqual([]);
    expect(await outboxFor(ctx, unknown)).toEqual([]);
  });

  it("when the mobile has market requests, then one lookup row keeps an HMAC of the code, and its SMS waits in the outbox, due now despite quiet hours", async () => {
    const phone = freshMobile();
    await customersRequest(phone, 30);
    const code = await codeFor(phone);
    const [lookup] = await lookupsFor(ctx, phone);
    expect(lookup).toMatchObject({ phone, attempts: 0, usedAt: null, codeSentAt: clock });
    expect(lookup!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(lookup!.codeHash).not.toContain(code);
    expect(lookup!.codeHash).not.toBe(createHash("sha256").update(code).digest("hex"));
    const messages = await outboxFor(ctx, phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      event: `job.lookup:${lookup!.id}`,
      recipient: `sms:${phone}`,
      channel: "sms",
      status: "pending",
      dueAt: clock,
      payload: { to: phone, text: smsFromUs(`${code} is your code to find your requests. It expires in 10 minutes.`, ctx.config.SITE_PHONE) },
    });
  });

  it.each([
    ["only requests older than 12 months", async (phone: string) => void (await customersRequest(phone, 366))],
    ["only a provider's own job", async (phone: string) => void (await customersRequest(phone, 3, { source: "provider_manual", status: "sold" }))],
  ])("when the mobile has %s, then no code is made and nothing is sent", async (_, make) => {
    const phone = freshMobile();
    await make(phone);
    const res = await ask(ctx, spaced(phone));
    expect(res.body).toEqual({ message: JOB_LOOKUP_MESSAGES.sent });
    expect(await lookupsFor(ctx, phone)).toEqual([]);
    expect(await outboxFor(ctx, phone)).toEqual([]);
  });

  it("when the number is a landline, then the same 202 and nothing is sent (no SMS reaches it)", async () => {
    await customersRequest("0298765432", 3);
    const res = await ask(ctx, "(02) 9876 5432");
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: JOB_LOOKUP_MESSAGES.sent });
    expect(await outboxFor(ctx, "0298765432")).toEqual([]);
  });

  it("when the phone is not a phone, then 400 under phone", async () => {
    const res = await ask(ctx, "call me");
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty("phone");
  });

  it("in production, then the code is sent but never answered", () =>
    withTestApp({ now: () => clock, env: { ...PRODUCTION_ENV, LOG_LEVEL: "silent" } }, async (prod) => {
      const phone = freshMobile();
      await marketLead(prod.db, { customerPhone: phone, createdAt: clock });
      const res = await request(prod.app).post("/api/jobs/lookup").set("Origin", PRODUCTION_ENV.PUBLIC_URL).send({ phone });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: JOB_LOOKUP_MESSAGES.sent });
      // Answered first, the code made after (docs/decisions/075): its SMS is in the outbox a moment later.
      await vi.waitFor(async () => expect(await outboxFor(prod, phone)).toHaveLength(1));
    }));

  it("when RATE_LIMIT_SMS_PER_PHONE codes went to a mobile this hour, then the next asks get the same 202 and no code; an hour later, one again", () =>
    withTestApp({ now: () => clock, env: { RATE_LIMIT_SMS_PER_PHONE: "2", RATE_LIMIT_SMS_PER_IP: "1000", TRUST_PROXY: "1" } }, async (limited) => {
      const phone = freshMobile();
      await marketLead(limited.db, { customerPhone: phone, createdAt: clock });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await ask(limited, phone, `198.51.100.${i}`)).body);
      expect(answers.map((body) => body.message)).toEqual(Array(4).fill(JOB_LOOKUP_MESSAGES.sent));
      expect(answers.map((body) => "devCode" in body)).toEqual([true, true, false, false]);
      expect(await outboxFor(limited, phone)).toHaveLength(2);
      // The limits count whole minutes, so the window may reach up to a minute past the hour (docs/decisions/048-intake-cost.md).
      advance(61 * 60_000);
      expect((await ask(limited, phone)).body.devCode).toMatch(/^\d{6}$/);
      expect(await outboxFor(limited, phone)).toHaveLength(3);
    }));

  it("when one network asked RATE_LIMIT_SMS_PER_IP times this hour, whatever the mobiles, then it gets no more codes; another network does", () =>
    withTestApp({ now: () => clock, env: { RATE_LIMIT_SMS_PER_IP: "2", TRUST_PROXY: "1" } }, async (limited) => {
      const phones = [freshMobile(), freshMobile(), freshMobile()];
      for (const phone of phones.slice(1)) await marketLead(limited.db, { customerPhone: phone, createdAt: clock });
      // Counted whether or not the mobile had requests: the limit also bounds how many numbers one network can try.
      expect((await ask(limited, phones[0]!, "198.51.100.50")).body).toEqual({ message: JOB_LOOKUP_MESSAGES.sent });
      expect((await ask(limited, phones[1]!, "198.51.100.50")).body.devCode).toMatch(/^\d{6}$/);
      expect((await ask(limited, phones[2]!, "198.51.100.50")).body).toEqual({ message: JOB_LOOKUP_MESSAGES.sent });
      expect(await outboxFor(limited, phones[2]!)).toEqual([]);
      expect((await ask(limited, phones[2]!, "198.51.100.51")).body.devCode).toMatch(/^\d{6}$/);
    }));
});

describe("trading the code for links", () => {
  it("when the code is right, then the mobile's market requests of the last 12 months, newest first, each with a fresh link that works, and every older link revoked", async () => {
    const phone = freshMobile();
    const electrician = await createUser(ctx.db);
    const older = await customersRequest(phone, 200);
    const sold = await soldLead(
      ctx.db,
      electrician.id,
      { createdAt: new Date(clock.getTime() - 10 * DAY_MS), purchasedAt: new Date(clock.getTime() - 9 * DAY_MS) },
      { lead: { customerPhone: phone }, purchase: { salesStage: "quote_sent", calledAt: clock, quoteSentAt: clock } },
    );
    const newest = await customersRequest(phone, 1);
    await customersRequest(phone, 400); // too old to be found
    await customersRequest(phone, 2, { source: "provider_manual", status: "sold" }); // not a market request
    await customersRequest(freshMobile(), 1); // someone else's
    const code = await codeFor(phone);
    const res = await verify(ctx, phone, code);
    expect(res.status).toBe(200);
    const { jobs } = res.body as JobLookupVerifyResponse;
    expect(jobs.map((j) => [j.jobReference, j.status])).toEqual([
      [newest.lead.jobReference, "finding"],
      [sold.lead.jobReference, "quoted"],
      [older.lead.jobReference, "finding"],
    ]);
    expect(jobs.map((j) => j.submittedAt)).toEqual([
      newest.lead.createdAt.toISOString(),
      sold.lead.createdAt.toISOString(),
      older.lead.createdAt.toISOString(),
    ]);
    for (const job of jobs) {
      expect(job.jobUrl).toMatch(/^\/job\/[\w-]{32}$/);
      const opened = await page(ctx, tokenOf(job.jobUrl));
      expect(opened.status).toBe(200);
      expect(opened.body.jobReference).toBe(job.jobReference);
    }
    for (const old of [older, sold, newest]) {
      const res = await page(ctx, old.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: JOB_PAGE_MESSAGES.notFound });
    }
    const links = await ctx.db
      .select()
      .from(jobLinks)
      .where(inArray(jobLinks.leadId, [older.lead.id, sold.lead.id, newest.lead.id]));
    expect(links.filter((l) => l.revokedAt === null)).toHaveLength(3);
    expect(links.filter((l) => l.revokedAt !== null)).toHaveLength(3);
    // Only the hashes of the new tokens are kept.
    expect(JSON.stringify(links)).not.toMatch(new RegExp(jobs.map((j) => tokenOf(j.jobUrl)).join("|")));
  });

  it("when the code is right once, then it is used up: the same code again is wrong", async () => {
    const phone = freshMobile();
    await customersRequest(phone, 1);
    const code = await codeFor(phone);
    expect((await verify(ctx, phone, code)).status).toBe(200);
    const again = await verify(ctx, phone, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(WRONG_CODE);
  });

  it("when the code is wrong, unknown or for another mobile, then the same 400 under code", async () => {
    const phone = freshMobile();
    await customersRequest(phone, 1);
    const code = await codeFor(phone);
    const answers = [await verify(ctx, phone, wrong(code)), await verify(ctx, freshMobile(), code)];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual(WRONG_CODE);
    }
  });

  it(`when ${LOOKUP_MAX_TRIES} wrong codes were tried, then even the right one is refused`, async () => {
    const phone = freshMobile();
    await customersRequest(phone, 1);
    const code = await codeFor(phone);
    for (let i = 0; i < LOOKUP_MAX_TRIES; i++) expect((await verify(ctx, phone, wrong(code))).status).toBe(400);
    const res = await verify(ctx, phone, code);
    expect(res.body).toEqual(WRONG_CODE);
    expect((await lookupsFor(ctx, phone))[0]).toMatchObject({ attempts: LOOKUP_MAX_TRIES, usedAt: null });
  });

  it("when 10 minutes have passed, then the code has expired; at exactly 10 minutes it still works", async () => {
    const phone = freshMobile();
    await customersRequest(phone, 1);
    const late = await codeFor(phone);
    advance(LOOKUP_CODE_TTL_MS + 1);
    expect((await verify(ctx, phone, late)).body).toEqual(WRONG_CODE);
    const onTime = await codeFor(phone);
    advance(LOOKUP_CODE_TTL_MS);
    expect((await verify(ctx, phone, onTime)).status).toBe(200);
  });

  it("when a second code was asked for, then only the newest unused code works", async () => {
    const phone = freshMobile();
    await customersRequest(phone, 1);
    const first = await codeFor(phone);
    advance(60_000);
    const second = await codeFor(phone);
    if (first !== second) expect((await verify(ctx, phone, first)).body).toEqual(WRONG_CODE);
    expect((await verify(ctx, phone, second)).status).toBe(200);
  });

  it("when the code is not 6 digits, then 400 under code before any try is counted", async () => {
    const phone = freshMobile();
    await customersRequest(phone, 1);
    await codeFor(phone);
    const res = await verify(ctx, phone, "12ab");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ code: JOB_LOOKUP_MESSAGES.code });
    expect((await lookupsFor(ctx, phone))[0]!.attempts).toBe(0);
  });

  itOnPostgres("when the right code is sent twice at once, then exactly one answer has the links and the other is the wrong-code 400", async () => {
    const phone = freshMobile();
    const { lead } = await customersRequest(phone, 1);
    const code = await codeFor(phone);
    const answers = await Promise.all([verify(ctx, phone, code), verify(ctx, phone, code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    // One fresh link, the loser's rolled back with its transaction.
    const links = await ctx.db.select().from(jobLinks).where(eq(jobLinks.leadId, lead.id));
    expect(links.filter((l) => l.revokedAt === null)).toHaveLength(1);
  });

  itOnPostgres(
    `when ${LOOKUP_MAX_TRIES * 2} wrong codes arrive at once, then only ${LOOKUP_MAX_TRIES} tries are counted and the right code is refused after`,
    async () => {
      const phone = freshMobile();
      await customersRequest(phone, 1);
      const code = await codeFor(phone);
      const answers = await Promise.all(Array.from({ length: LOOKUP_MAX_TRIES * 2 }, () => verify(ctx, phone, wrong(code))));
      expect(answers.every((r) => r.status === 400)).toBe(true);
      expect((await lookupsFor(ctx, phone))[0]!.attempts).toBe(LOOKUP_MAX_TRIES);
      expect((await verify(ctx, phone, code)).body).toEqual(WRONG_CODE);
    },
  );
});
