import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { discountCodes, leadPurchases, leads, type Lead, type User } from "../../../shared/schema";
import { MARKET_MESSAGES } from "../../../shared/market-messages";
import { useTestApp } from "../../test/app";
import { createLead } from "../../setup/factories";
import { type CastRole, createCast } from "../../test/sign-in";

let clock = new Date();
// Codes start "now" by default; the app's clock is captured a moment earlier than the row's default.
const hourAgo = () => new Date(clock.getTime() - 3600_000);
const at = (lead: Lead, seconds: number) => {
  clock = new Date(lead.auctionStartedAt.getTime() + seconds * 1000);
};

const ctx = useTestApp({ now: () => clock });
let owner: User;
let agents: Record<CastRole, request.Agent>;

beforeAll(async () => {
  ({
    people: { owner },
    agents,
  } = await createCast(ctx));
});

beforeEach(async () => {
  await ctx.db.delete(leadPurchases);
  await ctx.db.delete(leads);
  clock = new Date();
});

describe("GET /api/leads", () => {
  it("when signed out, then 401; customer and team member, then 403", async () => {
    expect((await request(ctx.server).get("/api/leads")).status).toBe(401);
    expect((await agents.customer.get("/api/leads")).status).toBe(403);
    expect((await agents.member.get("/api/leads")).status).toBe(403);
  });

  it("when a provider looks, then leads are redacted and priced by the server now", async () => {
    const lead = await createLead(ctx.db, { startingPrice: "80.00", auctionStartedAt: clock, createdAt: clock });
    at(lead, 1800);
    const res = await agents.owner.get("/api/leads");
    expect(res.status).toBe(200);
    const [shown] = res.body.leads;
    expect(shown).toMatchObject({
      id: lead.id,
      price: "40.00",
      secondsLeft: 1800,
      customerName: "Karen",
      customerPhone: "04•••••333",
      customerEmail: null,
      customerAddress: null,
      location: "Parramatta NSW 2150",
    });
    expect(JSON.stringify(res.body)).not.toMatch(/Mitchell|karen@example|Church St|0411222333/);
  });

  it("when the super admin looks, then the full customer details show", async () => {
    await createLead(ctx.db);
    const res = await agents.admin.get("/api/leads");
    expect(res.body.leads[0]).toMatchObject({
      customerName: "Karen Mitchell",
      customerPhone: "0411222333",
      customerEmail: "karen@example.com",
      isRedacted: false,
    });
  });

  it("pages newest auction first with a cursor, counts the market, and leaves sold, archived and private jobs out", async () => {
    const base = clock.getTime();
    for (let i = 0; i < 5; i++) await createLead(ctx.db, { createdAt: new Date(base - i * 60_000), auctionStartedAt: new Date(base - i * 60_000) });
    await createLead(ctx.db, { status: "sold" });
    await createLead(ctx.db, { isArchived: true });
    await createLead(ctx.db, { source: "provider_manual" });
    const first = await agents.owner.get("/api/leads").query({ limit: 3 });
    expect(first.body.leads).toHaveLength(3);
    expect(first.body.total).toBe(5);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await agents.owner.get("/api/leads").query({ limit: 3, cursor: first.body.nextCursor });
    expect(second.body.leads).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();
    expect(second.body.total).toBe(5);
    const times = [...first.body.leads, ...second.body.leads].map((l: { auctionStartedAt: string }) => Date.parse(l.auctionStartedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await agents.owner.get("/api/leads").query({ cursor: "garbage" })).status).toBe(400);
  });

  it("when a lead goes back on sale (its auction restarted), then it comes first though it was created earliest", async () => {
    const base = clock.getTime();
    const fresh = await createLead(ctx.db, { createdAt: new Date(base - 60_000), auctionStartedAt: new Date(base - 60_000) });
    const released = await createLead(ctx.db, { createdAt: new Date(base - 86_400_000), auctionStartedAt: new Date(base) });
    const res = await agents.owner.get("/api/leads");
    expect(res.body.leads.map((l: { id: number }) => l.id)).toEqual([released.id, fresh.id]);
  });

  it("when auctions start in the same millisecond or microsecond, then paging returns every lead exactly once", async () => {
    const same = new Date(clock.getTime() - 1000);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await createLead(ctx.db, { createdAt: same, auctionStartedAt: same })).id);
    // Leads whose start differs below a millisecond (now() keeps microseconds; JS Dates do not).
    await ctx.db.execute(
      sql`update leads set auction_started_at = auction_started_at + (id % 3) * interval '1 microsecond' where id in (${sql.join(ids, sql`, `)})`,
    );
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await agents.owner.get("/api/leads").query({ limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(7);
      seen.push(...page.body.leads.map((l: { id: number }) => l.id));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(7);
  });
});

describe("POST /api/leads/:id/purchase (demo payments)", () => {
  it("when the client sends its own amount, then the server's price is charged", async () => {
    const lead = await createLead(ctx.db, { startingPrice: "60.00" });
    at(lead, 900); // a quarter of the hour: 45.00
    const res = await agents.owner.post(`/api/leads/${lead.id}/purchase`).send({ amountPaid: "0.01", paymentStatus: "completed" });
    expect(res.status).toBe(201);
    expect(res.body.purchase).toMatchObject({ amountPaid: "45.00", originalPrice: "45.00", buyerId: owner.id, paymentStatus: "completed" });
    expect(res.body.lead).toMatchObject({ customerName: "Karen Mitchell", customerEmail: "karen@example.com", status: "sold" });
    // Nothing was charged, and the buyer is told so (never "Payment processed successfully!").
    expect(res.body.message).toBe(MARKET_MESSAGES.demoPurchase);
    expect(res.body.message).toBe("Demo purchase: no card was charged");
  });

  it("when a second provider tries, then 409 and no second purchase row", async () => {
    const lead = await createLead(ctx.db);
    expect((await agents.owner.post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(201);
    const res = await agents.rival.post(`/api/leads/${lead.id}/purchase`).send({});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This lead has already been purchased");
    expect(await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.leadId, lead.id))).toHaveLength(1);
  });

  it("when a team member or a customer tries to buy, then 403", async () => {
    const lead = await createLead(ctx.db);
    expect((await agents.member.post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(403);
    expect((await agents.customer.post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(403);
    expect((await request(ctx.server).post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(401);
  });

  it("when the super admin claims a fresh lead, then it is theirs at $0", async () => {
    const lead = await createLead(ctx.db, { startingPrice: "90.00" });
    const res = await agents.admin.post(`/api/leads/${lead.id}/purchase`).send({ paymentStatus: "completed" });
    expect(res.status).toBe(201);
    expect(res.body.purchase).toMatchObject({ amountPaid: "0.00", originalPrice: "90.00", paymentStatus: "completed" });
    expect(res.body.message).toBe("Admin Access - No Payment Required");
  });

  it("when the buyer fields are invalid, then 400 with the SPEC messages", async () => {
    const lead = await createLead(ctx.db);
    const res = await agents.owner.post(`/api/leads/${lead.id}/purchase`).send({ buyerName: "", buyerEmail: "nope", buyerPhone: "123" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ buyerName: "Name is required", buyerEmail: "Valid email required", buyerPhone: "Phone number required" });
  });

  it("when the lead does not exist, then 404", async () => {
    expect((await agents.owner.post(`/api/leads/999999/purchase`).send({})).status).toBe(404);
    expect((await agents.owner.post(`/api/leads/abc/purchase`).send({})).status).toBe(400);
  });
});

describe("discount codes", () => {
  it("when a 50% code with one use is applied, then the price halves and the code is used up once", async () => {
    await ctx.db.insert(discountCodes).values({ code: "HALF", discountType: "percentage", discountValue: "50", maxUses: 1, validFrom: hourAgo() });
    const lead = await createLead(ctx.db, { startingPrice: "50.00" });
    const valid = await agents.owner.post("/api/discount-codes/validate").send({ code: "half" });
    expect(valid.status).toBe(200);
    const applied = await agents.owner.post("/api/discount-codes/apply").send({ code: "HALF", leadId: lead.id });
    expect(applied.body).toEqual({ originalPrice: "50.00", discountAmount: "25.00", finalPrice: "25.00" });
    const bought = await agents.owner.post(`/api/leads/${lead.id}/purchase`).send({ discountCode: "HALF" });
    expect(bought.body.purchase).toMatchObject({ amountPaid: "25.00", discountAmount: "25.00" });
    const [code] = await ctx.db.select().from(discountCodes).where(eq(discountCodes.code, "HALF"));
    expect(code!.currentUses).toBe(1);
    const other = await createLead(ctx.db);
    const refused = await agents.rival.post(`/api/leads/${other.id}/purchase`).send({ discountCode: "HALF" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("This discount code has reached its limit");
    expect((await ctx.db.select().from(leads).where(eq(leads.id, other.id)))[0]!.status).toBe("available");
  });

  it("when a code is expired, inactive or unknown, then it is refused", async () => {
    await ctx.db.insert(discountCodes).values([
      { code: "OLD", discountType: "free", validFrom: hourAgo(), validUntil: new Date(clock.getTime() - 1000) },
      { code: "OFF", discountType: "free", validFrom: hourAgo(), isActive: false },
    ]);
    expect((await agents.owner.post("/api/discount-codes/validate").send({ code: "OLD" })).body.message).toBe("This discount code has expired");
    expect((await agents.owner.post("/api/discount-codes/validate").send({ code: "OFF" })).status).toBe(400);
    expect((await agents.owner.post("/api/discount-codes/validate").send({ code: "NOPE" })).status).toBe(400);
    expect((await agents.owner.post("/api/discount-codes/validate").send({ code: "" })).body.message).toBe("Please enter a discount code");
  });
});

describe("my purchases", () => {
  it("when the owner bought a lead, then owner and team see it in full; another provider does not", async () => {
    const lead = await createLead(ctx.db);
    await agents.owner.post(`/api/leads/${lead.id}/purchase`).send({});
    for (const agent of [agents.owner, agents.member]) {
      const res = await agent.get("/api/my-purchased-leads");
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0].lead).toMatchObject({ customerName: "Karen Mitchell", customerPhone: "0411222333" });
    }
    expect((await agents.rival.get("/api/my-purchased-leads")).body).toEqual([]);
    expect((await agents.rival.get("/api/lead-purchases")).body).toEqual([]);
    expect((await agents.customer.get("/api/my-purchased-leads")).status).toBe(403);
  });
});

describe("POST /api/leads/:id/archive", () => {
  it("when the super admin archives an available lead, then it leaves the market; providers may not", async () => {
    const lead = await createLead(ctx.db);
    expect((await agents.owner.post(`/api/leads/${lead.id}/archive`).send({})).status).toBe(403);
    expect((await agents.admin.post(`/api/leads/${lead.id}/archive`).send({})).status).toBe(200);
    expect((await agents.owner.get("/api/leads")).body.leads).toEqual([]);
    expect((await agents.admin.post(`/api/leads/${lead.id}/archive`).send({})).status).toBe(404);
  });
});
