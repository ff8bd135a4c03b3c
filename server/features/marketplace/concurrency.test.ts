// Exactly-once sale under real concurrency. The contention runs on PostgreSQL only
// (server/test/postgres-only.ts): PGlite runs one transaction at a time, so there these
// tests passed even with the guards below deleted. The guards themselves, the conditional
// updates that pick one winner, are tested call after call at the end, on either database.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { count, eq, inArray, sql } from "drizzle-orm";
import { discountCodes, leadPurchases, leads, marketEvents } from "../../../shared/schema";
import { useTestApp } from "../../test/app";
import { createLead, createUser, TEST_PASSWORD } from "../../setup/factories";
import { holdLock } from "../../test/locks";
import { describeOnPostgres } from "../../test/postgres-only";
import { claimDiscountUse } from "../../core/discounts/repo";
import { leadSoldEventOf } from "../../platform/events";
import { sellLead } from "./repo";

/** The columns of a plain $40 sale that has no card, code or order. */
const NO_EXTRAS = {
  buyerEmail: null,
  buyerPhone: null,
  buyerCompany: null,
  amountPaid: "40.00",
  originalPrice: "40.00",
  discountAmount: "0.00",
  discountCodeId: null,
  paymentStatus: "completed" as const,
  paymentIntentId: null,
  autoBuyOrderId: null,
};

const ctx = useTestApp({ env: { RATE_LIMIT_LOGIN_PER_IP: "1000" } });
let server: Server;
let base: string;

/** Signs in over real HTTP and returns the session cookie. */
async function cookieFor(username: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const buy = (cookie: string, leadId: number, body: object = {}) =>
  fetch(`${base}/api/leads/${leadId}/purchase`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  }).then((r) => r.status);

/** The status and message of a purchase attempt. */
const buyAnswer = (cookie: string, leadId: number, body: object) =>
  fetch(`${base}/api/leads/${leadId}/purchase`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  }).then(async (r) => ({ leadId, status: r.status, message: ((await r.json()) as { message?: string }).message }));

describeOnPostgres("exclusive sale under concurrency", () => {
  let cookies: string[] = [];

  beforeAll(async () => {
    server = ctx.app.listen(0, "127.0.0.1");
    // A thousand requests queue behind the connection pool; past Node's 5 s keep-alive the
    // server closes sockets that fetch is about to reuse (ECONNRESET). Keep them open for the run.
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const providers = await Promise.all(Array.from({ length: 50 }, () => createUser(ctx.db)));
    cookies = [];
    for (const p of providers) cookies.push(await cookieFor(p.username));
  }, 120_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("when 50 providers buy the same lead at once, then exactly one wins, 49 get 409, and the code is used once", async () => {
    const [code] = await ctx.db.insert(discountCodes).values({ code: "RACE", discountType: "percentage", discountValue: "10" }).returning();
    const lead = await createLead(ctx.db);
    const statuses = await Promise.all(cookies.map((c) => buy(c, lead.id, { discountCode: "RACE" })));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const [rows] = await ctx.db.select({ n: count() }).from(leadPurchases).where(eq(leadPurchases.leadId, lead.id));
    expect(rows!.n).toBe(1);
    const [after] = await ctx.db.select().from(discountCodes).where(eq(discountCodes.id, code!.id));
    expect(after!.currentUses).toBe(1);
  });

  it("when 20 providers buy 20 different leads at once with a code limited to 3 uses, then exactly 3 sales use it", async () => {
    const [code] = await ctx.db.insert(discountCodes).values({ code: "THREE", discountType: "percentage", discountValue: "20", maxUses: 3 }).returning();
    const batch = await Promise.all(Array.from({ length: 20 }, () => createLead(ctx.db)));
    const answers = await Promise.all(batch.map((lead, i) => buyAnswer(cookies[i]!, lead.id, { discountCode: "three" })));
    const sold = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(sold).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const a of refused) {
      expect([400, 409]).toContain(a.status);
      expect(a.message).toBe("This discount code has reached its limit");
    }
    const [after] = await ctx.db.select().from(discountCodes).where(eq(discountCodes.id, code!.id));
    expect(after!.currentUses).toBe(3);
    const withCode = await ctx.db.select({ leadId: leadPurchases.leadId }).from(leadPurchases).where(eq(leadPurchases.discountCodeId, code!.id));
    expect(withCode.map((p) => p.leadId).sort()).toEqual(sold.map((a) => a.leadId).sort());
    const refusedIds = new Set(refused.map((a) => a.leadId));
    const stillAvailable = (await ctx.db.select({ id: leads.id, status: leads.status }).from(leads)).filter(
      (l) => refusedIds.has(l.id) && l.status === "available",
    );
    expect(stillAvailable).toHaveLength(17);
    const [refusedSales] = await ctx.db
      .select({ n: count() })
      .from(leadPurchases)
      .where(inArray(leadPurchases.leadId, [...refusedIds]));
    expect(refusedSales!.n).toBe(0);
  });

  it("when 200 leads each get 5 competing buyers, then exactly 200 sales happen", async () => {
    const batch = await Promise.all(Array.from({ length: 200 }, () => createLead(ctx.db)));
    const attempts = batch.flatMap((lead, i) => Array.from({ length: 5 }, (_, j) => buy(cookies[(i * 5 + j) % cookies.length]!, lead.id)));
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((s) => s === 201)).toHaveLength(200);
    expect(statuses.filter((s) => s === 409)).toHaveLength(800);
    const ids = batch.map((l) => l.id);
    const sold = await ctx.db.select({ id: leads.id, status: leads.status }).from(leads);
    expect(sold.filter((l) => ids.includes(l.id) && l.status === "sold")).toHaveLength(200);
    const purchases = await ctx.db.select({ leadId: leadPurchases.leadId }).from(leadPurchases);
    const perLead = new Map<number, number>();
    for (const p of purchases) perLead.set(p.leadId, (perLead.get(p.leadId) ?? 0) + 1);
    expect(ids.every((id) => perLead.get(id) === 1)).toBe(true);
  }, 120_000);

  // A sale's statement rides a pipelined connection (docs/decisions/124-statements-sent-together.md):
  // one that meets a lead held by a longer transaction must wait on the pool, not hold the others.
  it("when a lead's row is held by a longer transaction, then its buyers wait for it and one wins, while sales of other leads go on meanwhile", async () => {
    const [held, ...others] = await Promise.all(Array.from({ length: 5 }, () => createLead(ctx.db)));
    const lock = await holdLock(ctx.db, sql`select id from leads where id = ${held!.id} for update`);
    const waiting = Promise.all(cookies.slice(0, 3).map((c) => buy(c, held!.id)));
    // One after another, so they take turns of both connections: one held behind the waiting sale would never answer.
    const meanwhile: number[] = [];
    for (const [i, lead] of others.entries()) meanwhile.push(await buy(cookies[10 + i]!, lead.id));
    expect(meanwhile).toEqual([201, 201, 201, 201]);
    // All three waiting on the pool's connections (a pipelined one gives up after its lock timeout) before the lead is let go.
    const waitingOnThePool = async () => {
      const result = await ctx.db.execute(
        sql`select count(*)::int as n from pg_locks l join pg_stat_activity a using (pid) where not l.granted and a.datname = current_database() and a.application_name <> 'pipelined'`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    await vi.waitFor(async () => expect(await waitingOnThePool()).toBe(3), { timeout: 10_000, interval: 20 });
    await lock.release();
    expect((await waiting).sort()).toEqual([201, 409, 409]);
  });
});

describe("the guards that pick one winner", () => {
  it("when a lead is sold twice, then only the first call wins, and the second writes nothing", async () => {
    const lead = await createLead(ctx.db);
    const sell = async (username: string) => {
      const buyer = await createUser(ctx.db, { username });
      const now = new Date();
      const purchase = { ...NO_EXTRAS, leadId: lead.id, buyerId: buyer.id, buyerName: username, purchasedAt: now, updatedAt: now };
      return sellLead(ctx.db, purchase, { link: null, handover: null, event: { row: leadSoldEventOf, wake: () => null } });
    };
    const first = await sell("first-buyer");
    expect(first?.purchase).toMatchObject({ leadId: lead.id, buyerName: "first-buyer", amountPaid: "40.00", paymentStatus: "completed" });
    expect(await sell("second-buyer")).toBeNull();
    expect(await ctx.db.select({ buyerName: leadPurchases.buyerName }).from(leadPurchases).where(eq(leadPurchases.leadId, lead.id))).toEqual([
      { buyerName: "first-buyer" },
    ]);
    const events = await ctx.db.select({ id: marketEvents.id, reason: marketEvents.reason }).from(marketEvents).where(eq(marketEvents.leadId, lead.id));
    expect(events).toEqual([{ id: first!.eventId, reason: "sold" }]);
  });

  it("when a code's last use is claimed twice, then only the first claim counts", async () => {
    // valid_from set in the past: the column's default now() keeps microseconds, and a JS Date
    // taken in the same millisecond would fall before it and find the code not yet valid.
    const validFrom = new Date(Date.now() - 60_000);
    const [code] = await ctx.db.insert(discountCodes).values({ code: "LASTONE", discountType: "free", maxUses: 1, validFrom }).returning();
    expect(await claimDiscountUse(ctx.db, code!.id, new Date())).toBe(true);
    expect(await claimDiscountUse(ctx.db, code!.id, new Date())).toBe(false);
    expect((await ctx.db.select().from(discountCodes).where(eq(discountCodes.id, code!.id)))[0]!.currentUses).toBe(1);
  });
});
