// The customer closes their request from the job page, over HTTP on either database
// (docs/decisions/049-missed-promises-and-refunds.md, "The customer closes"): on sale it comes
// off the market and every screen; sold, its buyer is told and keeps it (no refund); closed or
// paid, 409.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { JOB_ACTION_MESSAGES } from "../../../shared/job-aftercare";
import type { JobView } from "../../../shared/jobs";
import { leadPurchases, leads, marketEvents, outboxMessages } from "../../../shared/schema";
import { createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { marketLead, soldLead } from "../../test/job-links";
import { signIn } from "../../test/sign-in";

// Monday 23 November 2026, 12:00 in Sydney.
const clock = new Date("2026-11-23T01:00:00.000Z");
const minutesAgo = (m: number) => new Date(clock.getTime() - m * 60_000);
const ctx = useTestApp({ now: () => clock, startAlertWorker: false, env: { RATE_LIMIT_JOB_PAGE_PER_IP: "100000" } });

const close = (token: string, body: object) => request(ctx.server).post(`/api/jobs/${token}/close`).send(body);

describe("closing a request on sale", () => {
  it("when the customer closes it, then it is closed on the page, off the market with a removal event, and the reason kept", async () => {
    const { lead, token } = await marketLead(ctx.db, { createdAt: minutesAgo(30) });
    const provider = await signIn(ctx.server, (await createUser(ctx.db)).username);
    expect(((await provider.get("/api/leads?scope=all")).body.leads as Array<{ id: number }>).map((l) => l.id)).toContain(lead.id);
    expect(((await request(ctx.server).get(`/api/jobs/${token}`)).body as JobView).actions).toEqual(["add_photos", "close"]);

    const res = await close(token, { reason: "found_someone", note: "  My neighbour is a sparky  " });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const view = res.body as JobView;
    expect(view.status).toBe("closed");
    expect(view.actions).toEqual([]);
    expect(view.closure).toEqual({ at: clock.toISOString(), reason: "found_someone" });
    expect(view.timeline.at(-1)).toEqual({ status: "closed", at: clock.toISOString() });

    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ closedByCustomerAt: clock, closeReason: "found_someone", closeNote: "My neighbour is a sparky", isArchived: true });
    const removed = await ctx.db
      .select()
      .from(marketEvents)
      .where(and(eq(marketEvents.leadId, lead.id), eq(marketEvents.type, "lead.removed")));
    expect(removed.map((e) => e.reason)).toEqual(["archived"]);
    expect(((await provider.get("/api/leads?scope=all")).body.leads as Array<{ id: number }>).map((l) => l.id)).not.toContain(lead.id);
    // Nobody can buy it any more.
    expect((await provider.post(`/api/leads/${lead.id}/purchase`).send({ paymentStatus: "completed" })).status).toBe(404);
  });

  it("when it is closed a second time, then 409 and nothing changes", async () => {
    const { token } = await marketLead(ctx.db, { createdAt: minutesAgo(30) });
    expect((await close(token, { reason: "no_longer_needed" })).status).toBe(200);
    const again = await close(token, { reason: "other" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(JOB_ACTION_MESSAGES.alreadyClosed);
  });

  it.each([[{}], [{ reason: "because" }], [{ reason: "other", note: "x".repeat(501) }]])("when the body is %j, then 400 naming the field", async (body) => {
    const { token } = await marketLead(ctx.db, { createdAt: minutesAgo(30) });
    const res = await close(token, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors as object).length).toBeGreaterThan(0);
  });

  it("when the token opens nothing, then the job page's 404", async () => {
    expect((await close("Q".repeat(32), { reason: "other" })).status).toBe(404);
    expect(
      (
        await request(ctx.server)
          .post(`/api/jobs/${"Q".repeat(32)}/not-contacted`)
          .send({})
      ).status,
    ).toBe(404);
  });
});

describe("closing a sold request", () => {
  it("when the customer closes it, then the buyer keeps the purchase unrefunded, is told by the channels they take alerts on, and the reminder is off", async () => {
    const buyer = await createUser(ctx.db);
    // Bought at 10:10 and promised by 12:10: its reminder (15 minutes before) is due at 12:00, now.
    const { lead, token, sale } = await soldLead(ctx.db, buyer.id, { createdAt: minutesAgo(120), purchasedAt: minutesAgo(110) });
    const res = await close(token, { reason: "no_longer_needed" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as JobView).status).toBe("closed");
    const [purchase] = await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, sale.id));
    expect(purchase).toMatchObject({ releasedAt: null, refundedAt: null, paymentStatus: sale.paymentStatus });
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ status: "sold", isArchived: false, closeReason: "no_longer_needed" });
    // Push is on by default but this buyer has no device and no e-mail alerts: one row records that nothing went.
    const told = await ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.event, `job.closed:${sale.id}`));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ recipient: `user:${buyer.id}`, channel: "push", status: "dropped" });
    expect(told[0]!.payload).toMatchObject({ title: `Closed by the customer: ${lead.jobReference}` });
    // No market event: the lead was not on the market.
    expect(await ctx.db.select().from(marketEvents).where(eq(marketEvents.leadId, lead.id))).toEqual([]);
    // The reminder sweep passes it by: nothing left to remind about.
    await ctx.app.alerts.runOnce();
    expect(
      await ctx.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.event, `promise.reminder:${sale.id}`)),
    ).toEqual([]);
  });

  it("when the wizard withdraws it as sent with a mistyped mobile (only while unsold), then 409 and it stays its buyer's, open and untold", async () => {
    const buyer = await createUser(ctx.db);
    const { lead, token, sale } = await soldLead(ctx.db, buyer.id, { createdAt: minutesAgo(5), purchasedAt: minutesAgo(4) });
    const res = await close(token, { reason: "other", onlyIfUnsold: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(JOB_ACTION_MESSAGES.alreadyBought);
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.closedByCustomerAt).toBeNull();
    expect(
      await ctx.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.event, `job.closed:${sale.id}`)),
    ).toEqual([]);
  });

  it("when the job is paid, then it cannot be closed", async () => {
    const buyer = await createUser(ctx.db);
    const { token } = await soldLead(
      ctx.db,
      buyer.id,
      { createdAt: minutesAgo(600), purchasedAt: minutesAgo(500) },
      { purchase: { salesStage: "invoice_paid", invoicePaidAt: minutesAgo(10) } },
    );
    // Paid: nothing left to do on the page but review it (docs/decisions/058-reviews.md).
    expect(((await request(ctx.server).get(`/api/jobs/${token}`)).body as JobView).actions).toEqual(["review"]);
    const res = await close(token, { reason: "other" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(JOB_ACTION_MESSAGES.paid);
  });
});
