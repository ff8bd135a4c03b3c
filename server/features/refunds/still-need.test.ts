// The customer answers a "customer unreachable" claim from their job page (docs/decisions/049-
// missed-promises-and-refunds.md), on either database: either answer ends the claim, no refund
// follows, and the buyer hears it through the one outbox: "call again", or "they say you spoke".
import { eq } from "drizzle-orm";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { alertPreferences, jobLinks, leadPurchases, outboxMessages, purchaseRefunds, type LeadPurchase, type User } from "../../../shared/schema";
import { UNREACHABLE_MESSAGES } from "../../../shared/unreachable";
import { createUser } from "../../setup/factories";
import { movableClock, recordingSms, sydney } from "../../core/messages/test/messages";
import { useTestApp } from "../../test/app";
import { fakeMailer } from "../../test/fakes";
import { signIn } from "../../test/sign-in";
import { ANSWER_THANKS } from "./notices";
import { HOUR, purchaseWithTries, tokenIn } from "./test/refunds";

const ORIGIN = "https://sparks.example.com.au";
const BOUGHT = sydney("2026-11-24 09:00");
const clock = movableClock(BOUGHT);
const sms = recordingSms();
const mailer = fakeMailer();
const ctx = useTestApp({ sms, mailer, now: clock.now, startAlertWorker: false, env: { PUBLIC_URL: ORIGIN } });
let owner: User;
let phones = 0;

/** A provider who takes alerts by e-mail only, so what they are told can be read. */
async function emailedProvider(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, values);
  await ctx.db.insert(alertPreferences).values({ userId: user.id, pushEnabled: false, emailEnabled: true });
  return user;
}

beforeAll(async () => {
  owner = await emailedProvider({ companyName: "Sparky Bros Electrical" });
});

/** A purchase claimed through the API (two tries 4 hours apart), and the job link its SMS carried. */
async function claimed(purchase: Partial<typeof leadPurchases.$inferInsert> = {}, buyer = owner) {
  clock.set(BOUGHT);
  const phone = `04130000${String(++phones).padStart(2, "0")}`;
  const bought = await purchaseWithTries(ctx.db, buyer.id, { boughtAt: BOUGHT, tries: [[1], [5]], lead: { customerPhone: phone }, purchase });
  clock.set(new Date(BOUGHT.getTime() + 6 * HOUR));
  const res = await (await signIn(ctx.server, buyer.username)).post(`/api/lead-purchases/${bought.id}/unreachable`).send();
  expect(res.body.unreachable.status).toBe("waiting");
  await ctx.app.alerts.runOnce();
  return { purchase: bought, token: tokenIn(sms.to(phone)[0]!.text) };
}

const answer = (token: string, body: object = {}) => request(ctx.server).post(`/api/jobs/${token}/still-need`).send(body);
const purchaseRow = async (id: number) => (await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, id)))[0]!;
const noticeRows = (purchase: LeadPurchase) =>
  ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.event, `unreachable.answered:${purchase.id}`));

describe("the customer answers", () => {
  it("when they still need an electrician, then the claim ends, the page stops asking, and the buyer is told to call again", async () => {
    const { purchase, token } = await claimed();
    clock.advance(HOUR);
    const res = await answer(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ outcome: "customer_answered", message: ANSWER_THANKS.customer_answered });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(await purchaseRow(purchase.id)).toMatchObject({ unreachableOutcome: "customer_answered", unreachableSettledAt: clock.now() });
    expect((await request(ctx.server).get(`/api/jobs/${token}`)).body.actions).toEqual(["add_photos", "close"]);

    await ctx.app.alerts.runOnce();
    expect(await noticeRows(purchase)).toMatchObject([{ recipient: `user:${owner.id}:email`, channel: "email", status: "sent" }]);
    const mail = mailer.lastTo(owner.email!)!;
    expect(mail.subject).toBe("Call Jane again");
    expect(mail.text).toContain('Jane in Parramatta answered your "customer unreachable" claim: they still need an electrician, so call again.');
    expect(mail.text).toContain(`${ORIGIN}/dashboard`);
    expect(mail.text).not.toContain("Citizen");
    const card = (await (await signIn(ctx.server, owner.username)).get("/api/my-purchased-leads")).body.find((p: { id: number }) => p.id === purchase.id);
    expect(card.unreachable).toEqual({ status: "customer_answered", reason: null, at: clock.now().toISOString() });

    const again = await answer(token, { alreadySpoke: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(UNREACHABLE_MESSAGES.noOpenClaim);
  });

  it("when they say they already spoke, then the claim ends and the assignee is told they say you spoke", async () => {
    const assignee = await emailedProvider({ userType: "team_member", teamOwnerId: owner.id });
    const { purchase, token } = await claimed({ assignedTo: assignee.id });
    const res = await answer(token, { alreadySpoke: true });
    expect(res.body).toEqual({ outcome: "already_spoke", message: ANSWER_THANKS.already_spoke });
    expect(await purchaseRow(purchase.id)).toMatchObject({ unreachableOutcome: "already_spoke" });
    await ctx.app.alerts.runOnce();
    expect(await noticeRows(purchase)).toMatchObject([{ recipient: `user:${assignee.id}:email`, status: "sent" }]);
    expect(mailer.lastTo(assignee.email!)).toMatchObject({ subject: "Jane says you spoke" });
    expect(mailer.lastTo(assignee.email!)!.text).toContain("they say you spoke");
  });

  it("when the 48 hours pass after an answer, then nothing is refunded", async () => {
    const { purchase, token } = await claimed();
    expect((await answer(token)).status).toBe(200);
    clock.advance(49 * HOUR);
    await ctx.app.alerts.runOnce();
    expect(await ctx.db.select().from(purchaseRefunds).where(eq(purchaseRefunds.purchaseId, purchase.id))).toEqual([]);
    expect(await purchaseRow(purchase.id)).toMatchObject({ paymentStatus: "completed", unreachableOutcome: "customer_answered" });
  });
});

describe("answers that open nothing", () => {
  it("when the token is unknown, malformed or revoked, then the job page's 404; a link with no claim waiting is 409", async () => {
    for (const token of ["m".repeat(32), "short", "x".repeat(300)]) expect((await answer(token)).status, token).toBe(404);
    const { purchase, token } = await claimed();
    await ctx.db.update(jobLinks).set({ revokedAt: clock.now() }).where(eq(jobLinks.leadId, purchase.leadId));
    expect((await answer(token)).status).toBe(404);
    const other = await claimed();
    expect((await answer(other.token)).status).toBe(200);
    const late = await answer(other.token);
    expect(late.status).toBe(409);
  });

  it("when the answer is not a yes or no, then 400 names the field and the claim stays open", async () => {
    const { purchase, token } = await claimed();
    const res = await answer(token, { alreadySpoke: "maybe" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty("alreadySpoke");
    expect((await purchaseRow(purchase.id)).unreachableSettledAt).toBeNull();
  });
});
