// Real customers (docs/decisions/034) on either database: the SMS code after a
// quote, its 10 minutes and 5 tries, resend, the send limits per phone and per IP, the
// verified badge on the wire and on the live stream. The code leaves through the one outbox
// (docs/decisions/046-one-outbox.md): a test steps the app's worker before reading what was sent.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_MESSAGES, VERIFY_MESSAGES } from "../../../shared/leads";
import type { MarketLead } from "../../../shared/marketplace";
import { leads, outboxMessages, phoneVerifications } from "../../../shared/schema";
import { createUser } from "../../setup/factories";
import type { Sms, SmsSender } from "../../platform/sms/sender";
import { sendsCounted } from "../../platform/sms/send-budget-repo";
import { createTestApp, PRODUCTION_ENV, withTestApp, type TestApp } from "../../test/app";
import { listenOn, openMarketStream, sessionCookie, type MarketStream } from "../../test/market-stream";
import { itOnPostgres } from "../../test/postgres-only";
import { CODE_TTL_MS, codeSms, MAX_TRIES } from "./phone-verification";

/** Stands in for the provider's API: what would have gone out. */
function recordingSms(): SmsSender & { sent: Sms[] } {
  const sent: Sms[] = [];
  return { kind: "log", sent, send: async (sms) => void sent.push(sms) };
}

let clock = new Date("2026-11-22T01:00:00.000Z");
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
const sms = recordingSms();
let ctx: TestApp;
let server: Awaited<ReturnType<typeof listenOn>>;
let providerCookie: string;
let stream: MarketStream;

beforeAll(async () => {
  ctx = await createTestApp({ suburbs: true, sms, now: () => clock, env: { MARKET_STREAM_HEARTBEAT_MS: "1000", RATE_LIMIT_SMS_PER_IP: "1000" } });
  server = await listenOn(ctx.app);
  const provider = await createUser(ctx.db);
  providerCookie = await sessionCookie(server.url, provider.username);
});
afterAll(async () => {
  stream?.close();
  await server.close();
  await ctx.destroy();
});

let phoneSeq = 100000;
/** A fresh mobile per quote, so the per-phone limit is only met where a test means to. */
const freshMobile = () => `0412${++phoneSeq}`.slice(0, 10);
const quote = (overrides: Record<string, unknown> = {}) => ({
  serviceLocation: "12 Smith St, North Parramatta NSW 2151",
  electricalWork: "Three new power points in the garage",
  customerName: "Nora Quinn",
  customerPhone: freshMobile(),
  ...overrides,
});
const post = (path: string, body: object, ip = "203.0.113.7") => request(ctx.server).post(path).set("X-Forwarded-For", ip).send(body);
const submit = async (overrides: Record<string, unknown> = {}) => {
  const res = await post("/api/leads", quote(overrides));
  expect(res.status).toBe(201);
  return res.body as { jobReference: string; verification: string | null; devCode?: string };
};
const verify = (verification: string, code: string) => post("/api/leads/verify-phone", { verification, code });
const leadOf = async (jobReference: string) => (await ctx.db.select().from(leads).where(eq(leads.jobReference, jobReference)))[0]!;
/** What has gone out once the worker has sent everything due. */
const sentSms = async (app = ctx.app, recorder = sms) => {
  await app.alerts.runOnce();
  return recorder.sent;
};
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("location required", () => {
  it.each(["my house near the beach", "Atlantis", "Near the shops 0000", "12 Smith St"])(
    "when the location %j names no known suburb or postcode, then 400 on the location field and nothing is stored",
    async (serviceLocation) => {
      const before = await ctx.db.select({ id: leads.id }).from(leads);
      const res = await post("/api/leads", quote({ serviceLocation }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: "Please choose your suburb or postcode from the list",
        errors: { serviceLocation: QUOTE_MESSAGES.serviceLocationUnknown },
      });
      expect(await ctx.db.select({ id: leads.id }).from(leads)).toHaveLength(before.length);
    },
  );

  it.each([
    ["Parramatta NSW 2150", "Parramatta"],
    ["2151", "North Parramatta"],
    ["bondi", "Bondi"],
  ])("when the location is %j, then the lead names %s", async (serviceLocation, suburb) => {
    const { jobReference } = await submit({ serviceLocation });
    expect(await leadOf(jobReference)).toMatchObject({ suburb, suburbId: expect.any(Number) });
  });
});

describe("the SMS code", () => {
  it("when a quote with a mobile comes in, then it is on sale at once and a 6-digit code goes to that mobile, stored only as a hash", async () => {
    const phone = freshMobile();
    const { jobReference, verification, devCode } = await submit({ customerPhone: phone.replace(/^0/, "+61 ") });
    expect(verification).toEqual(expect.any(String));
    expect(devCode).toMatch(/^\d{6}$/);
    // Other quotes' codes may go in the same batch: this mobile's own.
    expect((await sentSms()).filter((m) => m.to === phone)).toEqual([
      { to: phone, text: `${devCode} is your code to confirm your mobile. It expires in 10 minutes. - Aussie Electricians, 1300 000 000` },
    ]);
    expect(codeSms("123456", "1300 000 000")).toBe("123456 is your code to confirm your mobile. It expires in 10 minutes. - Aussie Electricians, 1300 000 000");
    const lead = await leadOf(jobReference);
    const [queued] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.leadId, lead.id));
    expect(queued).toMatchObject({ recipient: `sms:${phone}`, channel: "sms", status: "sent", attempts: 1 });
    expect(queued!.event).toMatch(/^lead\.code:\d+:[0-9a-f]{12}$/);
    expect(lead).toMatchObject({ status: "available", phoneVerifiedAt: null });
    const [row] = await ctx.db.select().from(phoneVerifications).where(eq(phoneVerifications.leadId, lead.id));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(devCode);
    expect(JSON.stringify(row)).not.toContain(verification);
  });

  it("when the number is a landline, then no SMS and no verification", async () => {
    const before = (await sentSms()).length;
    const body = await submit({ customerPhone: "(02) 9876 5432" });
    expect(body.verification).toBeNull();
    expect(body.devCode).toBeUndefined();
    expect(await sentSms()).toHaveLength(before);
  });

  it("when the code is wrong, then 400 with the tries left; after 5 tries even the right code is refused with 429 until a resend", async () => {
    const { verification, devCode, jobReference } = await submit();
    for (let left = MAX_TRIES - 1; left >= 1; left--) {
      const res = await verify(verification!, wrongCode(devCode!));
      expect(res.status).toBe(400);
      expect(res.body.errors.code).toBe(`${VERIFY_MESSAGES.wrongCode} ${left} ${left === 1 ? "try" : "tries"} left.`);
    }
    const fifth = await verify(verification!, wrongCode(devCode!));
    expect(fifth.status).toBe(429);
    expect(fifth.body.errors).toEqual({ code: VERIFY_MESSAGES.tooManyTries });
    const right = await verify(verification!, devCode!);
    expect(right.status).toBe(429);
    expect((await leadOf(jobReference)).phoneVerifiedAt).toBeNull();

    const resent = await post("/api/leads/resend-code", { verification });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ sent: true, devCode: expect.stringMatching(/^\d{6}$/) });
    // A resend is a new message, sent even in the same instant as the first.
    expect((await sentSms()).map((m) => m.text)).toContain(codeSms(resent.body.devCode, "1300 000 000"));
    // The old code is gone with the new one (unless the draw repeated it, one in a million).
    if (resent.body.devCode !== devCode) expect((await verify(verification!, devCode!)).status).toBe(400);
    const ok = await verify(verification!, resent.body.devCode);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ phoneVerified: true });
    expect((await leadOf(jobReference)).phoneVerifiedAt).toEqual(clock);
  });

  it("when 10 minutes have passed, then the code has expired; a resent code works", async () => {
    const { verification, devCode, jobReference } = await submit();
    advance(CODE_TTL_MS + 1000);
    const late = await verify(verification!, devCode!);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: VERIFY_MESSAGES.expired, errors: { code: VERIFY_MESSAGES.expired } });
    const resent = await post("/api/leads/resend-code", { verification });
    advance(CODE_TTL_MS - 1000);
    expect((await verify(verification!, resent.body.devCode)).status).toBe(200);
    expect((await leadOf(jobReference)).phoneVerifiedAt).not.toBeNull();
  });

  it("when verified, then verifying again is still fine and resending is refused with 409", async () => {
    const { verification, devCode } = await submit();
    expect((await verify(verification!, devCode!)).status).toBe(200);
    expect((await verify(verification!, "000000")).body).toEqual({ phoneVerified: true });
    const resend = await post("/api/leads/resend-code", { verification });
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe(VERIFY_MESSAGES.alreadyVerified);
  });

  it("when the input is bad, then a clear 4xx: not 6 digits (400 on code), an unknown token (404)", async () => {
    const { verification } = await submit();
    for (const code of ["12345", "abcdef", "1234567", ""]) {
      const res = await verify(verification!, code);
      expect(res.status).toBe(400);
      expect(res.body.errors.code).toBe(VERIFY_MESSAGES.code);
    }
    // Spaces typed between the digits are fine; the code is just wrong here.
    expect((await verify(verification!, "12 34 56")).body.errors?.code ?? "").not.toBe(VERIFY_MESSAGES.code);
    const unknown = await verify("x".repeat(32), "123456");
    expect(unknown.status).toBe(404);
    expect((await post("/api/leads/resend-code", { verification: "x".repeat(32) })).status).toBe(404);
    expect((await post("/api/leads/verify-phone", {})).status).toBe(400);
  });
});

describe("the verified badge", () => {
  it("when the mobile is verified, then watching dashboards hear lead.updated with phoneVerified, and the market shows it", async () => {
    stream = await openMarketStream(server.url, providerCookie, { scope: "all" });
    await stream.ready();
    const { jobReference, verification, devCode } = await submit({ specialRequests: "Gate code 4821, side entrance" });
    const added = (await stream.waitFor((e) => e.event === "lead.added" && (e.data as { lead: MarketLead }).lead.jobReference === jobReference)).data as {
      lead: MarketLead;
    };
    expect(added.lead.phoneVerified).toBe(false);
    expect((await verify(verification!, devCode!)).status).toBe(200);
    const updated = (await stream.waitFor((e) => e.event === "lead.updated" && (e.data as { lead: MarketLead }).lead.jobReference === jobReference)).data as {
      lead: MarketLead;
    };
    expect(updated.lead.phoneVerified).toBe(true);
    expect(updated.lead.isRedacted).toBe(true);
    expect(updated.lead.specialRequests).toBe("Gate code [shown after purchase], side entrance");
    const page = (await (await fetch(`${server.url}/api/leads?scope=all&limit=100`, { headers: { Cookie: providerCookie } })).json()) as {
      leads: MarketLead[];
    };
    expect(page.leads.find((l) => l.jobReference === jobReference)).toMatchObject({ phoneVerified: true });
  });
});

describe("send limits", () => {
  it("when one mobile has had its codes for the hour, then a new quote still goes on sale without a code and resend answers 429", async () => {
    await withTestApp({ suburbs: true, sms: recordingSms(), env: { RATE_LIMIT_SMS_PER_PHONE: "2" } }, async (limited) => {
      const send = (body: object, ip: string) => request(limited.app).post("/api/leads").set("X-Forwarded-For", ip).send(body);
      const phone = "0455 123 456";
      const first = await send(quote({ customerPhone: phone }), "198.51.100.1");
      expect(first.body.verification).toEqual(expect.any(String));
      // A resend counts too: this is the number's second and last code this hour.
      expect((await request(limited.app).post("/api/leads/resend-code").send({ verification: first.body.verification })).status).toBe(200);
      const third = await send(quote({ customerPhone: phone }), "198.51.100.2");
      expect(third.status).toBe(201);
      expect(third.body.verification).toBeNull();
      const [lead] = await limited.db.select().from(leads).where(eq(leads.jobReference, third.body.jobReference));
      expect(lead!.status).toBe("available");
      // Refused in the same statement that would write them: no check and no code's SMS for this lead.
      await expect(limited.db.select().from(phoneVerifications).where(eq(phoneVerifications.leadId, lead!.id))).resolves.toEqual([]);
      await expect(limited.db.select().from(outboxMessages).where(eq(outboxMessages.leadId, lead!.id))).resolves.toEqual([]);
      const again = await request(limited.app).post("/api/leads/resend-code").send({ verification: first.body.verification });
      expect(again.status).toBe(429);
      expect(again.body.message).toBe(VERIFY_MESSAGES.tooManySends);
      // Another mobile is not held back by this one.
      expect((await send(quote({ customerPhone: "0455 999 888" }), "198.51.100.3")).body.verification).toEqual(expect.any(String));
    });
  });

  it("when one IP has sent its codes for the hour, then quotes from it get no code; another IP does", async () => {
    await withTestApp({ suburbs: true, sms: recordingSms(), env: { RATE_LIMIT_SMS_PER_IP: "2", TRUST_PROXY: "1" } }, async (limited) => {
      const send = (ip: string) => request(limited.app).post("/api/leads").set("X-Forwarded-For", ip).send(quote());
      expect((await send("198.51.100.9")).body.verification).toEqual(expect.any(String));
      expect((await send("198.51.100.9")).body.verification).toEqual(expect.any(String));
      expect((await send("198.51.100.9")).body.verification).toBeNull();
      expect((await send("198.51.100.10")).body.verification).toEqual(expect.any(String));
      const hourAgo = new Date(Date.now() - 60 * 60_000);
      expect(await sendsCounted(limited.db, { ip: "198.51.100.9" }, hourAgo)).toBe(2);
      expect(await sendsCounted(limited.db, { ip: "198.51.100.10" }, hourAgo)).toBe(1);
    });
  });

  itOnPostgres("when 15 quotes for one mobile arrive at once, then exactly 5 codes are counted and sent (the limit holds under a race)", async () => {
    const sent = recordingSms();
    await withTestApp({ suburbs: true, sms: sent, env: { RATE_LIMIT_SMS_PER_PHONE: "5", RATE_LIMIT_SMS_PER_IP: "20" } }, async (limited) => {
      const phone = "0455 777 111";
      const results = await Promise.all(
        Array.from({ length: 15 }, () =>
          request(limited.app)
            .post("/api/leads")
            .set("X-Forwarded-For", "198.51.100.20")
            .send(quote({ customerPhone: phone })),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(15).fill(201));
      expect(results.filter((r) => r.body.verification !== null)).toHaveLength(5);
      expect(await sendsCounted(limited.db, { phone: "0455777111" }, new Date(Date.now() - 60 * 60_000))).toBe(5);
      expect(await sentSms(limited.app, sent)).toHaveLength(5);
    });
  });

  it("when one IP keeps calling the code routes, then 429 from the per-IP limit", async () => {
    await withTestApp({ suburbs: true, sms: recordingSms(), env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "3" } }, async (limited) => {
      const { body } = await request(limited.app).post("/api/leads").send(quote());
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await request(limited.app).post("/api/leads/verify-phone").send({ verification: body.verification, code: "000000" })).status);
      expect(statuses.slice(0, 3).every((s) => s === 400 || s === 429)).toBe(true);
      const last = await request(limited.app).post("/api/leads/verify-phone").send({ verification: body.verification, code: "000000" });
      expect(last.status).toBe(429);
      expect(last.body.message).toMatch(/Too many code attempts/);
    });
  });
});

describe("in production", () => {
  it("when the code is sent, then it is never in the response", async () => {
    await withTestApp({ suburbs: true, env: PRODUCTION_ENV }, async (prod) => {
      const res = await request(prod.app).post("/api/leads").set("Origin", PRODUCTION_ENV.PUBLIC_URL).send(quote());
      expect(res.status).toBe(201);
      expect(res.body.verification).toEqual(expect.any(String));
      expect(res.body).not.toHaveProperty("devCode");
    });
  });
});

describe("access notes", () => {
  it("when the customer leaves access notes, then the market, the stream and the lead page never carry them; the buyer's purchased lead does", async () => {
    const rival = await createUser(ctx.db);
    const rivalCookie = await sessionCookie(server.url, rival.username);
    const watch = await openMarketStream(server.url, rivalCookie, { scope: "all" });
    await watch.ready();
    try {
      const notes = "Gate code 7391, blue heeler called Rusty in the yard";
      const { jobReference } = await submit({ accessNotes: notes });
      const lead = await leadOf(jobReference);
      expect(lead.accessNotes).toBe(notes);
      const added = await watch.waitFor((e) => e.event === "lead.added" && (e.data as { lead: MarketLead }).lead.jobReference === jobReference);
      const get = (cookie: string, path: string) => fetch(server.url + path, { headers: { Cookie: cookie } }).then((r) => r.text());
      for (const text of [JSON.stringify(added), await get(rivalCookie, "/api/leads?scope=all&limit=100")]) {
        expect(text).toContain(jobReference);
        // Whole numbers only: a job reference is six random digits, and AE-973914E once held 7391.
        expect(text).not.toMatch(/\b7391\b|Rusty|accessNotes/);
      }
      const bought = await fetch(`${server.url}/api/leads/${lead.id}/purchase`, {
        method: "POST",
        headers: { Cookie: providerCookie, "Content-Type": "application/json" },
        body: "{}",
      });
      expect(bought.status).toBe(201);
      const mine = JSON.parse(await get(providerCookie, "/api/my-purchased-leads")) as { lead: { jobReference: string; accessNotes: string | null } }[];
      expect(mine.find((p) => p.lead.jobReference === jobReference)?.lead.accessNotes).toBe(notes);
      // Another provider still sees nothing of it.
      expect(await get(rivalCookie, "/api/my-purchased-leads")).not.toContain("Rusty");
    } finally {
      watch.close();
    }
  });
});
