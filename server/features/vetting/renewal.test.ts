// Vetted electricians (docs/decisions/033): a provider told to "reply with your renewed licence" must be able
// to buy again once the operator records it. POST /api/admin/providers/:id/licence, bearer token,
// the sign-up's licence rules; the verdict is unchanged and the new expiry gets its own reminder.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../shared/schema";
import { VETTING_MESSAGES } from "../../../shared/vetting";
import { createLead, createUser } from "../../setup/factories";
import { createLogger } from "../../platform/logger";
import { fakeClock } from "../../test/fakes";
import { signIn, useOperatorApp } from "../../test/sign-in";
import { startSmtpServer } from "../../test/smtp";
import { sendDueLicenceReminders } from "./reminders";

// 23:30 UTC on 14 March is 10:30 am on 15 March in Sydney. (A clock before the real one: sessions expire by real time.)
const clock = fakeClock(new Date("2026-03-14T23:30:00Z"));
const ctx = useOperatorApp({ now: clock.now });
const logger = createLogger({ LOG_LEVEL: "silent", NODE_ENV: "test" });
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

const renew = (id: number | string, body: object, auth: string | null = ctx.auth) => {
  const req = request(ctx.server).post(`/api/admin/providers/${id}/licence`);
  return (auth ? req.set("Authorization", auth) : req).send(body);
};
const row = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const renewed = { licenceNumber: " 654321c ", licenceState: "NSW", licenceExpiry: "2029-03-14" };

describe("recording a renewed licence", () => {
  it("when an approved provider's licence had expired, then the renewal reopens buying and keeps them approved", async () => {
    const p = await createUser(ctx.db, { licenceExpiry: "2026-03-14", licenceReminderSentFor: "2026-03-14" });
    const agent = await signIn(ctx.server, p.username);
    const lead = await createLead(ctx.db, { createdAt: clock.now(), auctionStartedAt: clock.now() });
    const refused = await agent.post(`/api/leads/${lead.id}/purchase`).send({});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(VETTING_MESSAGES.expiredCannotBuy("2026-03-14"));

    const res = await renew(p.id, renewed);
    expect(res.status).toBe(200);
    expect(res.body.provider).toMatchObject({
      id: p.id,
      licenceNumber: "654321C",
      licenceState: "NSW",
      licenceExpiry: "2029-03-14",
      verificationStatus: "approved",
    });
    expect(await row(p.id)).toMatchObject({
      licenseNumber: "654321C",
      licenceExpiry: "2029-03-14",
      licenceReminderSentFor: null,
      verificationStatus: "approved",
    });
    expect((await agent.get("/api/auth/verification")).body).toMatchObject({ cannotBuy: null, licenceExpiry: "2029-03-14" });
    expect((await agent.post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(201);
  });

  it("when a pending provider's licence is renewed, then they still wait for approval", async () => {
    const p = await createUser(ctx.db, { verificationStatus: "pending", isVerified: false });
    expect((await renew(p.id, { licenceNumber: "REC-12345", licenceState: "VIC", licenceExpiry: "2027-01-31" })).status).toBe(200);
    expect(await row(p.id)).toMatchObject({ verificationStatus: "pending", isVerified: false, licenceState: "VIC", licenceExpiry: "2027-01-31" });
  });

  it("when the renewed licence expires within 30 days, then it gets its own reminder even though the old expiry had one", async () => {
    const email = `renewal.${Date.now()}@example.com`;
    const p = await createUser(ctx.db, { email, licenceExpiry: "2026-03-20", licenceReminderSentFor: "2026-03-20" });
    expect((await renew(p.id, { ...renewed, licenceExpiry: "2026-04-10" })).status).toBe(200);
    await sendDueLicenceReminders({ db: ctx.db, mailer: smtp.mailer(logger), logger, now: clock.now, siteOrigin: "http://localhost" });
    const mails = smtp.to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Your electrical licence expires on 10 April 2026");
    expect(mails[0]?.text).toMatch(/we update it within one business day/);
    expect((await row(p.id)).licenceReminderSentFor).toBe("2026-04-10");
  });

  it("when the bearer token is missing or wrong, then 401 and nothing changes", async () => {
    const p = await createUser(ctx.db);
    expect((await renew(p.id, renewed, null)).status).toBe(401);
    expect((await renew(p.id, renewed, "Bearer not-a-token")).status).toBe(401);
    expect((await row(p.id)).licenceExpiry).toBe(p.licenceExpiry);
  });

  it("when the licence is the wrong shape for its state, missing, or past, then 400 on that field and nothing changes", async () => {
    const p = await createUser(ctx.db);
    const cases: [object, string][] = [
      [{ ...renewed, licenceNumber: "123456S" }, "licenceNumber"],
      [{ ...renewed, licenceState: "XX" }, "licenceState"],
      [{ licenceNumber: "123456C", licenceState: "NSW" }, "licenceExpiry"],
      [{ ...renewed, licenceExpiry: "2029-02-30" }, "licenceExpiry"],
      // Today in Sydney (15 March) is already too late, as at sign-up.
      [{ ...renewed, licenceExpiry: "2026-03-15" }, "licenceExpiry"],
      [{ ...renewed, licenceExpiry: "2040-01-01" }, "licenceExpiry"],
    ];
    for (const [body, field] of cases) {
      const res = await renew(p.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(body)).toBeDefined();
    }
    expect((await renew(p.id, { ...renewed, licenceExpiry: "2026-03-15" })).body.errors.licenceExpiry).toBe(VETTING_MESSAGES.licenceExpiryPast);
    expect(await row(p.id)).toMatchObject({ licenseNumber: p.licenseNumber, licenceExpiry: p.licenceExpiry });
  });

  it("when the renewal carries an ABN, then it is recorded; left out, the one on file stays; a bad one is a 400 on that field", async () => {
    const p = await createUser(ctx.db);
    const withAbn = await renew(p.id, { ...renewed, abn: "33 051 775 556" });
    expect(withAbn.status).toBe(200);
    expect(withAbn.body.provider).toMatchObject({ abn: "33051775556" });
    expect((await row(p.id)).abn).toBe("33051775556");
    expect((await renew(p.id, renewed)).status).toBe(200);
    expect((await row(p.id)).abn).toBe("33051775556");
    const bad = await renew(p.id, { ...renewed, abn: "33 051 775 557" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.abn).toBe(VETTING_MESSAGES.abnChecksum);
    expect((await row(p.id)).abn).toBe("33051775556");
  });

  it("when the id is unknown, not a provider, or malformed, then 404 or 400", async () => {
    const customer = await createUser(ctx.db, { userType: "customer" });
    expect((await renew(999_999, renewed)).status).toBe(404);
    expect((await renew(customer.id, renewed)).status).toBe(404);
    expect((await renew("abc", renewed)).status).toBe(400);
  });
});
