// GET /api/admin/analytics equals what the test put in the database, checked by hand and
// against independent SQL; empty months and an empty database give zeros.
import { sql } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createLead, createPurchase, createUser } from "../../setup/factories";
import { useOperatorApp } from "../../test/sign-in";
import { lastMonths } from "../../../shared/sydney-time";
import { ACTIVE_PROVIDERS_DEFINITION } from "../../../shared/admin";
import { fakeClock } from "../../test/fakes";

// 12:00 on 15 July 2025 in Sydney.
const NOW = new Date("2025-07-15T02:00:00Z");
const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

const clock = fakeClock(NOW);
const ctx = useOperatorApp({ now: clock.now });

const analytics = async () => {
  const res = await request(ctx.server).get("/api/admin/analytics").set("Authorization", ctx.auth);
  expect(res.status).toBe(200);
  return res.body;
};

async function seed() {
  const [p1, p2, p3] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
  // Not providers: never counted as such.
  await createUser(ctx.db, { userType: "team_member", teamOwnerId: p1.id });
  const boss = await createUser(ctx.db, { userType: "super_admin" });

  const buy = (buyerId: number, amountPaid: string, purchasedAt: Date, extra: Parameters<typeof createPurchase>[2] = {}) =>
    createPurchase(ctx.db, buyerId, { ...extra, lead: { createdAt: purchasedAt, ...extra.lead }, purchase: { amountPaid, purchasedAt, ...extra.purchase } });

  await buy(p1.id, "40.00", ago(2), { purchase: { salesStage: "called" } });
  await buy(p1.id, "25.50", ago(40), { purchase: { salesStage: "invoice_paid", safetyCheckPassedAt: ago(35) } });
  await buy(p2.id, "10.00", ago(5), { purchase: { paymentStatus: "refunded", refundAmount: "10.00" } }); // refunded: not revenue
  await buy(p3.id, "12.25", ago(200), { lead: { source: "admin_manual" }, purchase: { salesStage: "booked_in", finalisedAt: ago(190) } });
  await buy(p1.id, "0.00", ago(1), { lead: { source: "provider_manual" } }); // a provider's own job: not a sale, not inbound
  await buy(p3.id, "30.00", ago(1), { lead: { status: "available" }, purchase: { releasedAt: ago(0.5), releaseReason: "unpurchased" } }); // released
  await buy(p2.id, "20.00", ago(400)); // older than 12 months: in the totals, not in the chart
  // 01:00 on 1 July in Sydney is still 30 June in UTC: it belongs to July.
  await buy(p3.id, "5.00", new Date("2025-06-30T15:00:00Z"));
  await buy(boss.id, "0.00", ago(3), { purchase: { paymentStatus: "cancelled" } }); // not completed
  await createLead(ctx.db, { createdAt: ago(1) }); // inbound, unsold
}

describe("admin analytics", () => {
  it("when the database is empty, then every figure is zero and the 12 months are listed with zeros", async () => {
    const body = await analytics();
    expect(body).toMatchObject({
      totalProviders: 0,
      activeProviders: 0,
      totalPurchases: 0,
      totalRevenue: "0.00",
      averageRevenuePerProvider: "0.00",
      inboundLeads: 0,
      conversionRate: 0,
      averageLeadValue: "0.00",
      salesStages: { purchased: 0, called: 0, bookedIn: 0, safetyCheck: 0, paid: 0, finalised: 0 },
    });
    expect(Object.keys(body.purchasesByMonth)).toEqual(lastMonths(NOW, 12));
    expect(Object.values(body.purchasesByMonth).every((m) => JSON.stringify(m) === '{"purchases":0,"revenue":"0.00"}')).toBe(true);
  });

  it("when purchases, refunds, releases and own jobs exist, then each figure counts exactly the marketplace sales", async () => {
    await seed();
    const body = await analytics();
    expect(body.totalProviders).toBe(3);
    expect(body.activeProviders).toBe(3); // every provider account is active (032): the Active badge's test
    expect(body.totalPurchases).toBe(5);
    expect(body.totalRevenue).toBe("102.75");
    expect(body.averageLeadValue).toBe("20.55");
    expect(body.averageRevenuePerProvider).toBe("34.25");
    expect(body.inboundLeads).toBe(9); // every lead but the provider's own job
    // 5 of 9 converted: the refunded and the cancelled sale leave their leads "sold" but
    // earned nothing; the released one is back on the market; the open one is unsold.
    expect(body.conversionRate).toBe(55.56);
    expect(body.salesStages).toMatchObject({ purchased: 2, called: 1, bookedIn: 1, safetyCheck: 1, paid: 1, finalised: 1 });
    expect(body.salesStages.byStage).toMatchObject({ purchased: 2, called: 1, booked_in: 1, invoice_paid: 1, quote_sent: 0, declined: 0 });
    expect(body.purchasesByMonth["2025-07"]).toEqual({ purchases: 2, revenue: "45.00" });
    expect(body.purchasesByMonth["2025-06"]).toEqual({ purchases: 1, revenue: "25.50" });
    expect(body.purchasesByMonth["2024-12"]).toEqual({ purchases: 1, revenue: "12.25" });
    expect(Object.keys(body.purchasesByMonth)).toHaveLength(12);
    expect(body.purchasesByMonth["2024-06"]).toBeUndefined();
  });

  it("when the figures are recomputed with independent SQL, then they match the API", async () => {
    const body = await analytics();
    const result = await ctx.db.execute(sql`
      select count(*)::int as n, coalesce(sum(p.amount_paid), 0)::text as revenue
      from lead_purchases p join leads l on l.id = p.lead_id
      where p.released_at is null and p.payment_status = 'completed' and l.source <> 'provider_manual'`);
    const row = (result as unknown as { rows: Array<{ n: number; revenue: string }> }).rows[0]!;
    expect(body.totalPurchases).toBe(row.n);
    // Every counted sale of an inbound lead is one converted lead (one live sale per lead).
    const inbound = await ctx.db.execute(sql`
      select count(*)::int as leads,
             (count(*) filter (where exists (select 1 from lead_purchases p where p.lead_id = l.id and p.released_at is null and p.payment_status = 'completed')))::int as converted
      from leads l where l.source in ('quote_form', 'admin_manual')`);
    const counts = (inbound as unknown as { rows: Array<{ leads: number; converted: number }> }).rows[0]!;
    expect(body.conversionRate).toBe(Math.round((counts.converted / counts.leads) * 10_000) / 100);
    expect(Number(body.totalRevenue)).toBeCloseTo(Number(row.revenue), 2);
    const monthSum = Object.values(body.purchasesByMonth as Record<string, { revenue: string }>).reduce((s, m) => s + Number(m.revenue), 0);
    const recent = await ctx.db.execute(sql`
      select coalesce(sum(p.amount_paid), 0)::text as revenue
      from lead_purchases p join leads l on l.id = p.lead_id
      where p.released_at is null and p.payment_status = 'completed' and l.source <> 'provider_manual'
        and p.purchased_at >= ${"2024-07-31T14:00:00Z"}::timestamptz`);
    expect(monthSum).toBeCloseTo(Number((recent as unknown as { rows: Array<{ revenue: string }> }).rows[0]!.revenue), 2);
  });

  it("when a provider is deactivated, then Active Providers counts the active accounts, as many as the Active badges", async () => {
    const before = await analytics();
    const dormant = await createUser(ctx.db); // never bought anything: still an active account
    const off = await createUser(ctx.db, { isActive: false });
    const body = await analytics();
    expect(body.totalProviders).toBe(before.totalProviders + 2);
    expect(body.activeProviders).toBe(before.activeProviders + 1);
    const badges = await request(ctx.server).get("/api/admin/providers?limit=200").set("Authorization", ctx.auth);
    const items = badges.body.items as Array<{ id: number; isActive: boolean; verificationStatus: string }>;
    expect(items.filter((p) => p.isActive && p.verificationStatus === "approved")).toHaveLength(body.activeProviders);
    expect(items.find((p) => p.id === dormant.id)?.isActive).toBe(true);
    expect(items.find((p) => p.id === off.id)?.isActive).toBe(false);
  });

  it("when providers wait for their licence check or were rejected, then Active Providers leaves them out and says it counts approved accounts", async () => {
    const before = await analytics();
    await createUser(ctx.db, { verificationStatus: "pending", isVerified: false });
    await createUser(ctx.db, { verificationStatus: "rejected", isVerified: false, rejectionReason: "Licence not found" });
    const approved = await createUser(ctx.db);
    const body = await analytics();
    expect(body.totalProviders).toBe(before.totalProviders + 3);
    expect(body.activeProviders).toBe(before.activeProviders + 1);
    const badges = await request(ctx.server).get("/api/admin/providers?limit=200").set("Authorization", ctx.auth);
    const items = badges.body.items as Array<{ id: number; isActive: boolean; verificationStatus: string }>;
    expect(items.filter((p) => p.isActive && p.verificationStatus === "approved")).toHaveLength(body.activeProviders);
    expect(items.find((p) => p.id === approved.id)).toMatchObject({ isActive: true, verificationStatus: "approved" });
    expect(ACTIVE_PROVIDERS_DEFINITION).toMatch(/approved/i);
  });

  it("when the stages are listed, then every stage a purchase can be in is there and they add up to Total Purchases", async () => {
    const body = await analytics();
    const byStage = body.salesStages.byStage as Record<string, number>;
    for (const stage of ["purchased", "called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid", "declined"]) expect(byStage).toHaveProperty(stage);
    expect(Object.values(byStage).reduce((a, b) => a + b, 0)).toBe(body.totalPurchases);
  });
});
