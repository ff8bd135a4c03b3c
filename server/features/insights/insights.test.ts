// GET /api/insights over HTTP against a real database (docs/decisions/067-insights.md): the
// figures of seeded purchases, quotes, invoices, payments and refunds, summed again by the test;
// a team member's own jobs only; and a rival's figures only ever inside a median of 5 or more.
import { beforeAll, describe, expect, it } from "vitest";
import type { InsightsResponse } from "../../../shared/insights";
import { type User } from "../../../shared/schema";
import { createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";
import { expectedFigures, seedJob, type JobSpec } from "./test/insights";

const ctx = useTestApp({ suburbs: true, startAlertWorker: false });

const PARRAMATTA = { serviceLocation: "Parramatta NSW 2150" };
const OCTOBER = "/api/insights?from=2026-10-01&to=2026-10-31";

let owner: User;
let member: User;
let ownerAgent: Awaited<ReturnType<typeof signIn>>;
let memberAgent: Awaited<ReturnType<typeof signIn>>;
let ownerSpecs: JobSpec[];
const ids: Record<string, number> = {};

beforeAll(async () => {
  // The owner shares lead spend with the team, so the member sees Insights (docs/decisions/087-lead-spend-private-from-the-team.md).
  owner = await createUser(ctx.db, { ...PARRAMATTA, teamSeesLeadSpend: true });
  member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id });
  ownerSpecs = [
    // 00:30 on 1 October in Sydney (AEST, +10): inside the period.
    {
      boughtAt: "2026-09-30T14:30:00Z",
      fee: "40.00",
      contactAfter: 30,
      stage: "invoice_paid",
      quote: { subtotal: "1000.00", gst: "100.00", total: "1100.00", accepted: true },
      invoice: { subtotal: "1000.00", gst: "100.00", total: "1100.00" },
      payments: [
        { on: "quote", amount: "330.00" },
        { on: "invoice", amount: "770.00" },
      ],
    },
    // Refunded in full after a discount: bought, but it cost nothing.
    { boughtAt: "2026-10-05T01:00:00Z", fee: "35.50", refund: "35.50", contactAfter: 90, contactBy: "stage", stage: "declined", declineReason: "price" },
    {
      boughtAt: "2026-10-10T02:00:00Z",
      fee: "20.00",
      contactAfter: 10,
      stage: "quote_sent",
      quote: { subtotal: "200.00", gst: "20.00", total: "220.00" },
      assignedTo: 0,
    },
    {
      boughtAt: "2026-10-12T03:00:00Z",
      fee: "25.00",
      contactAfter: 45,
      stage: "invoice_paid",
      invoice: { subtotal: "500.00", gst: "0.00", total: "500.00" },
      payments: [{ on: "invoice", amount: "500.00", refunded: "100.00" }],
      assignedTo: 0,
    },
    // A partial refund of a GST invoice: 9.99 of 333.33 (303.03 + 30.30) kept pro rata.
    {
      boughtAt: "2026-10-20T04:00:00Z",
      fee: "17.17",
      stage: "booked_in",
      quote: { subtotal: "303.03", gst: "30.30", total: "333.33", accepted: true },
      payments: [{ on: "quote", amount: "100.01", refunded: "9.99" }],
    },
    { boughtAt: "2026-09-30T14:30:30Z", fee: "10.00" },
    // Run without our documents: the $1,650 typed on the card at Paid is what the customer paid.
    { boughtAt: "2026-10-22T04:00:00Z", fee: "30.00", stage: "invoice_paid", typedPayment: "1650.00" },
    // 23:59 on 31 October in Sydney (AEDT, +11 since 4 October): inside.
    { boughtAt: "2026-10-31T12:59:00Z", fee: "12.34", stage: "declined", declineReason: "timing" },
  ];
  for (const spec of ownerSpecs) if (spec.assignedTo === 0) spec.assignedTo = member.id;
  for (const [i, spec] of ownerSpecs.entries()) ids[`job${i}`] = (await seedJob(ctx.db, owner.id, spec)).id;
  // Outside: 23:59 on 30 September, 00:00 on 1 November, a provider's own job, a released sale.
  ids.before = (await seedJob(ctx.db, owner.id, { boughtAt: "2026-09-30T13:59:00Z", fee: "99.00" })).id;
  ids.after = (await seedJob(ctx.db, owner.id, { boughtAt: "2026-10-31T13:00:00Z", fee: "98.00" })).id;
  ids.own = (await seedJob(ctx.db, owner.id, { boughtAt: "2026-10-15T00:00:00Z", fee: "0.00", lead: { source: "provider_manual" }, stage: "invoice_paid" })).id;
  ids.released = (await seedJob(ctx.db, owner.id, { boughtAt: "2026-10-15T00:00:00Z", fee: "97.00", released: true })).id;
  ownerAgent = await signIn(ctx.server, owner.username);
  memberAgent = await signIn(ctx.server, member.username);
});

const get = async (agent: typeof ownerAgent, path = OCTOBER) => {
  const res = await agent.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as InsightsResponse;
};

describe("GET /api/insights", () => {
  it("when the owner asks for October, then the figures are the sums of the jobs bought on Sydney's October days", async () => {
    const body = await get(ownerAgent);
    const expected = expectedFigures(ownerSpecs);
    expect(body).toMatchObject({ from: "2026-10-01", to: "2026-10-31", scope: "business", ...expected });
    // Worked by hand too: 40 + 0 + 20 + 25 + 17.17 + 10 + 30 + 12.34; 300 + 700 + 400 + (90.02 x 303.03 / 333.33 = 81.84) + 1,650 typed.
    expect(body.spend).toBe("154.51");
    expect(body.revenue).toBe("3131.84");
    expect(body.declineReasons).toMatchObject({ price: 1, timing: 1, no_answer: 0, found_someone: 0, other: 0 });
    expect(body.jobs.map((j) => j.purchaseId).sort()).toEqual(ownerSpecs.map((_, i) => ids[`job${i}`]).sort());
    for (const outside of [ids.before, ids.after, ids.own, ids.released]) expect(body.jobs.some((j) => j.purchaseId === outside)).toBe(false);
    // Every week of the period is on the chart, and its bars add up to the totals.
    expect(body.weeks[0]!.weekStart).toBe("2026-09-28");
    expect(body.weeks.at(-1)!.weekStart).toBe("2026-10-26");
    const sum = (key: "spend" | "revenue") => body.weeks.reduce((s, w) => s + Math.round(Number(w[key]) * 100), 0);
    expect(sum("spend")).toBe(15451);
    expect(sum("revenue")).toBe(313184);
  });

  it("when nothing was spent or won, then the return and the cost per won job are null, not 0 or infinite", async () => {
    const body = await get(ownerAgent, "/api/insights?from=2026-06-01&to=2026-06-30");
    expect(body).toMatchObject({ leadsBought: 0, spend: "0.00", revenue: "0.00", returnOnSpend: null, costPerWonJob: null, medianMinutesToContact: null });
  });

  it("when a team member asks, then only the jobs assigned to them count, with their lead cost and no one else's", async () => {
    const body = await get(memberAgent);
    const mine = ownerSpecs.filter((s) => s.assignedTo === member.id);
    expect(body).toMatchObject({ scope: "assigned", ...expectedFigures(mine) });
    expect(body.jobs.map((j) => j.purchaseId).sort()).toEqual([ids.job2, ids.job3].sort());
    expect(body.spend).toBe("45.00");
  });

  it.each([
    ["2026-10-31", "2026-10-01", "The From date is after the To date"],
    ["2026-02-30", "2026-03-01", "Dates are written YYYY-MM-DD"],
    ["2025-01-01", "2026-10-31", "Choose a period of at most 366 days"],
    ["yesterday", "2026-10-31", "Dates are written YYYY-MM-DD"],
  ])("when the period is %s to %s, then 400 says why", async (from, to, message) => {
    const res = await ownerAgent.get(`/api/insights?from=${from}&to=${to}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("when a parameter is missing or repeated, then 400, never 500", async () => {
    expect((await ownerAgent.get("/api/insights?from=2026-10-01")).status).toBe(400);
    expect((await ownerAgent.get("/api/insights?from=2026-10-01&from=2026-10-02&to=2026-10-31")).status).toBe(400);
  });
});

describe("the region's medians", () => {
  const RIVAL_FEES = ["61.11", "62.22", "63.33", "64.44", "65.55"];

  it("when 4 other electricians in the region bought leads, then there is no comparison and none of their figures shows", async () => {
    for (const fee of RIVAL_FEES.slice(0, 4)) {
      const rival = await createUser(ctx.db, { serviceLocation: "Harris Park NSW 2150" });
      await seedJob(ctx.db, rival.id, { boughtAt: "2026-10-08T00:00:00Z", fee });
    }
    // Two more that are no peers: one elsewhere, one who bought nothing in October.
    const faraway = await createUser(ctx.db, { serviceLocation: "Richmond VIC 3121" });
    await seedJob(ctx.db, faraway.id, { boughtAt: "2026-10-08T00:00:00Z", fee: "71.71" });
    const idle = await createUser(ctx.db, PARRAMATTA);
    await seedJob(ctx.db, idle.id, { boughtAt: "2026-08-08T00:00:00Z", fee: "72.72" });

    const body = await get(ownerAgent);
    expect(body.peer).toBeNull();
    const text = JSON.stringify(body);
    for (const fee of [...RIVAL_FEES, "71.71", "72.72"]) expect(text).not.toContain(fee);
    // The owner is in the region too, but never their own peer: 1 + 4 is still not 5 others.
    expect((await get(memberAgent)).peer).toBeNull();
  });

  it("when a 5th bought one, then each figure is the median of the 5, for the owner and their team alike", async () => {
    const rival = await createUser(ctx.db, { serviceLocation: "Parramatta NSW 2150" });
    await seedJob(ctx.db, rival.id, { boughtAt: "2026-10-09T00:00:00Z", fee: RIVAL_FEES[4]!, contactAfter: 20 });
    const body = await get(ownerAgent);
    expect(body.peer).toMatchObject({ region: "Sydney - Parramatta", electricians: 5, leadsBought: 1, spend: "63.33", revenue: "0.00", paid: 0 });
    // Only one of the 5 has a contact time: a median of 1 is no median.
    expect(body.peer!.medianMinutesToContact).toBeNull();
    // Nothing was won or earned by any of them: no return to take a median of, no cost per won job.
    expect(body.peer!.returnOnSpend).toBe(0);
    expect(body.peer!.costPerWonJob).toBeNull();
    expect((await get(memberAgent)).peer).toEqual(body.peer);
    // The rivals' own fees are not in the answer beyond the median itself.
    const text = JSON.stringify({ ...body, peer: null });
    for (const fee of RIVAL_FEES) expect(text).not.toContain(fee);
  });
});
