// A job lost on a missed promise is announced by every channel the buyer has and kept on their
// dashboard until dismissed (docs/decisions/081-notices-on-the-dashboard.md), with the defaults
// (push on but no device, e-mail off), as most new electricians have them.
import { eq, like } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardNotice } from "../../../shared/notices";
import { outboxMessages, type User } from "../../../shared/schema";
import { QUOTE } from "../../core/alerts/test/alerts";
import { createTestApp, type TestApp } from "../../test/app";
import { createCast } from "../../test/sign-in";

const PARRAMATTA = { serviceLatitude: "-33.81355710", serviceLongitude: "151.00340700", serviceRadius: 20 };
let clock = new Date("2026-11-24T01:00:00.000Z");
let ctx: TestApp;
let cast: Awaited<ReturnType<typeof createCast>>;
let buyer: User;

beforeAll(async () => {
  ctx = await createTestApp({ suburbs: true, now: () => clock, startAlertWorker: false, env: { RATE_LIMIT_JOB_PAGE_PER_IP: "1000" } });
  cast = await createCast(ctx, { rival: { ...PARRAMATTA, phone: "0412 555 019" } });
  buyer = cast.people.rival;
});
afterAll(() => ctx.destroy());

const noticesOf = async (agent: request.Agent) => {
  const res = await agent.get("/api/notices");
  expect(res.status).toBe(200);
  return res.body as DashboardNotice[];
};

describe("a job lost on a missed promise", () => {
  it("when the customer reports no contact, then the buyer is told by e-mail and SMS whatever their settings, and the notice stays on their dashboard until dismissed", async () => {
    const quote = await request(ctx.server).post("/api/leads").send(QUOTE);
    expect(quote.status).toBe(201);
    const token = (quote.body.jobUrl as string).slice("/job/".length);
    const [listed] = ((await cast.agents.rival.get("/api/leads?scope=all")).body.leads as Array<{ id: number }>).map((l) => l.id);
    const sale = await cast.agents.rival.post(`/api/leads/${listed}/purchase`).send({ paymentStatus: "completed" });
    expect(sale.status).toBe(201);
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect((await request(ctx.server).post(`/api/jobs/${token}/not-contacted`).send({})).status).toBe(200);

    const event = `promise.missed:${sale.body.purchase.id as number}`;
    const sent = await ctx.db.select().from(outboxMessages).where(like(outboxMessages.event, event));
    const toBuyer = sent.filter((m) => m.recipient.startsWith(`user:${buyer.id}`) || m.recipient === "sms:0412555019");
    expect(toBuyer.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ["email", `user:${buyer.id}:email`],
      ["sms", "sms:0412555019"],
    ]);
    expect(toBuyer.every((m) => m.status === "pending")).toBe(true);
    expect(String(toBuyer.find((m) => m.channel === "sms")!.payload.text)).toContain(`Lost: missed promise, ${quote.body.jobReference as string}`);

    const [notice] = await noticesOf(cast.agents.rival);
    expect(notice).toMatchObject({ title: `Lost: missed promise, ${quote.body.jobReference as string}`, at: clock.toISOString() });
    expect(notice!.body).toContain("the fee is not refunded");
    // Nobody else's dashboard shows it, and nobody else can dismiss it.
    expect(await noticesOf(cast.agents.owner)).toEqual([]);
    expect((await cast.agents.owner.post(`/api/notices/${notice!.id}/dismiss`).send({})).status).toBe(204);
    expect(await noticesOf(cast.agents.rival)).toHaveLength(1);

    expect((await cast.agents.rival.post(`/api/notices/${notice!.id}/dismiss`).send({})).status).toBe(204);
    expect(await noticesOf(cast.agents.rival)).toEqual([]);
    const kept = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.event, event));
    expect(kept.length).toBe(sent.length);
  });
});
