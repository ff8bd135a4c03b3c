// GET /api/leads's kept pages (docs/decisions/027-request-cost.md): the same answer as without
// the cache, for every viewer, and dropped by every change to the market, on this instance or
// (PostgreSQL) on another one sharing the database.
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LeadPage } from "../../../shared/marketplace";
import { leadListQuery } from "../../../shared/marketplace";
import { leadPurchases, type NewUser, type User } from "../../../shared/schema";
import { createApp } from "../../app";
import { openDatabase } from "../../platform/db/client";
import { createLead } from "../../setup/factories";
import type { MarketEvents, MarketSignalHandler } from "../../platform/events/market-events";
import { createTestApp, type TestApp } from "../../test/app";
import { describeOnPostgres } from "../../test/postgres-only";
import { createCast, signIn } from "../../test/sign-in";
import { findCurrentUser } from "../../core/accounts/repo";
import { QUOTE } from "../../core/alerts/test/alerts";
import { createMarketPageCache } from "./market-cache";
import { marketPage, PRICED_PAGE_HOLD_MS } from "./market-service";

const PARRAMATTA: Partial<NewUser> = { serviceLatitude: "-33.81355710", serviceLongitude: "151.00340700", serviceRadius: 20 };
const KEEP = { MARKET_PAGE_KEEP_MS: "60000" };

/** A bus the test drives: `signal()` is a change heard, `deaf` a lost LISTEN connection. */
function fakeBus() {
  const handlers = new Set<MarketSignalHandler>();
  const bus: { deaf: boolean; signal(): void; events: MarketEvents } = {
    deaf: false,
    signal: () => handlers.forEach((h) => h({ eventId: 1 })),
    events: {
      publish: async () => {},
      storedWithLead: { wake: () => null, stored: () => {} },
      accountChanged: async () => {},
      subscribe: async (handler: MarketSignalHandler) => {
        handlers.add(handler);
        return () => handlers.delete(handler);
      },
      caughtUp: () => !bus.deaf,
      close: async () => {},
    } satisfies MarketEvents,
  };
  return bus;
}

describe("createMarketPageCache", () => {
  const counting = () => {
    let loads = 0;
    return { load: async () => ++loads, loads: () => loads };
  };

  it("when the same key is asked while nothing changes, then one load answers them all until it is keepMs old", async () => {
    const bus = fakeBus();
    let now = 0;
    const cache = createMarketPageCache({ events: bus.events, keepMs: 1000, clock: () => now });
    const { load, loads } = counting();
    await cache.get("k", load); // subscribes; not yet heard from the bus, so not kept
    expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual([2, 2]);
    now = 999;
    expect(await cache.get("k", load)).toBe(2);
    expect(await cache.get("other", load)).toBe(3);
    now = 1000;
    expect(await cache.get("k", load)).toBe(4);
    expect(loads()).toBe(4);
  });

  it("when the bus announces a change, even during a load, then every kept page is dropped", async () => {
    const bus = fakeBus();
    const cache = createMarketPageCache({ events: bus.events, keepMs: 60_000 });
    const { load } = counting();
    await cache.get("k", load);
    expect(await cache.get("k", load)).toBe(2);
    bus.signal();
    expect(await cache.get("k", load)).toBe(3);
    const during = cache.get("d", async () => {
      bus.signal();
      return load();
    });
    expect(await during).toBe(4);
    expect(await cache.get("d", load)).toBe(5);
    expect(await cache.get("k", load)).toBe(6);
  });

  it("when the bus may miss events, or the cache is closed, then nothing is kept", async () => {
    const bus = fakeBus();
    const cache = createMarketPageCache({ events: bus.events, keepMs: 60_000 });
    const { load } = counting();
    await cache.get("k", load);
    await cache.get("k", load);
    bus.deaf = true;
    expect(await cache.get("k", load)).toBe(3);
    expect(await cache.get("k", load)).toBe(4);
    bus.deaf = false;
    await cache.get("k", load);
    expect(await cache.get("k", load)).toBe(5);
    cache.close();
    expect(await cache.get("k", load)).toBe(6);
  });

  it("when a load fails, then the next request loads again", async () => {
    const bus = fakeBus();
    const cache = createMarketPageCache({ events: bus.events, keepMs: 60_000 });
    await cache.get("k", async () => 0);
    await expect(cache.get("k", () => Promise.reject(new Error("database away")))).rejects.toThrow("database away");
    expect(await cache.get("k", async () => 7)).toBe(7);
  });
});

describe("GET /api/leads with kept pages", () => {
  let clock = new Date();
  // An app per test: the factories write unannounced, so one test's kept pages would hide the next one's leads.
  let ctx: TestApp;
  let people: Record<"owner" | "admin" | "local", User>;
  let agents: Record<"owner" | "admin" | "local", request.Agent>;

  beforeEach(async () => {
    clock = new Date();
    ctx = await createTestApp({ env: KEEP, suburbs: true, now: () => clock });
    const cast = await createCast(ctx, { rival: PARRAMATTA });
    people = { owner: cast.people.owner, admin: cast.people.admin, local: cast.people.rival };
    agents = { owner: cast.agents.owner, admin: cast.agents.admin, local: cast.agents.rival };
  });
  afterEach(() => ctx.destroy());

  const uncached = async (who: keyof typeof people, query: Record<string, string> = {}) =>
    JSON.parse(JSON.stringify(await marketPage(ctx.db, (await findCurrentUser(ctx.db, people[who].id))!, leadListQuery.parse(query), clock))) as LeadPage;
  const get = async (who: keyof typeof people, query: Record<string, string> = {}) => {
    const res = await agents[who].get("/api/leads").query(query);
    expect(res.status).toBe(200);
    return res.body as LeadPage;
  };
  const ids = (page: LeadPage) => page.leads.map((l) => l.id);

  it("when pages come from the cache, then each viewer gets exactly the uncached answer, priced at the request's moment", async () => {
    const base = clock.getTime() - 600_000;
    for (let i = 0; i < 5; i++) {
      const at = new Date(base + i * 60_000);
      await createLead(ctx.db, { auctionStartedAt: at, createdAt: at, latitude: "-33.8", longitude: String(151 + i / 100), startingPrice: `${50 + i}.00` });
    }
    await createLead(ctx.db, { auctionStartedAt: new Date(base), createdAt: new Date(base), latitude: "-31.95", longitude: "115.86" });
    const queries: Record<string, string>[] = [{}, { limit: "2" }, { sort: "nearest" }, { scope: "all" }, { sort: "cheapest" }, { serviceType: "repair" }];
    for (const who of ["owner", "admin", "local"] as const) {
      for (const query of queries) {
        const first = await get(who, query);
        expect(first).toEqual(await uncached(who, query));
        clock = new Date(clock.getTime() + 7_000);
        const kept = await get(who, query);
        expect(kept).toEqual(await uncached(who, query));
        expect(kept.leads.map((l) => l.secondsLeft)).not.toEqual(first.leads.map((l) => l.secondsLeft));
        if (kept.nextCursor) expect(await get(who, { ...query, cursor: kept.nextCursor })).toEqual(await uncached(who, { ...query, cursor: kept.nextCursor }));
      }
    }
    // The redacted view never shows what only the super admin's does.
    expect((await get("owner")).leads[0]).toMatchObject({ isRedacted: true, customerEmail: null });
    expect((await get("admin")).leads[0]).toMatchObject({ isRedacted: false, customerEmail: "karen@example.com" });
  });

  it("when the same page is asked again within the hold, then the one answer priced at its serverTime goes again, a reload with its ETag gets 304, and a sale drops it", async () => {
    const [sold, other] = [await createLead(ctx.db), await createLead(ctx.db)];
    await get("owner"); // the app starts listening to the market's changes
    const held = await agents.owner.get("/api/leads");
    clock = new Date(clock.getTime() + PRICED_PAGE_HOLD_MS - 1);
    const again = await agents.owner.get("/api/leads");
    expect(again.text).toBe(held.text);
    expect(again.body.serverTime).not.toBe(clock.toISOString());
    // A reload that has it comes back empty; a viewer with another view (the super admin) has their own.
    const reload = await agents.owner.get("/api/leads").set("If-None-Match", String(held.headers.etag));
    expect(reload.status).toBe(304);
    expect((await agents.admin.get("/api/leads")).text).not.toBe(held.text);

    expect((await agents.local.post(`/api/leads/${sold.id}/purchase`).send({})).status).toBe(201);
    const after = await get("owner");
    expect(ids(after)).toEqual([other.id]);
    expect(after.serverTime).toBe(clock.toISOString());
    clock = new Date(clock.getTime() + PRICED_PAGE_HOLD_MS);
    expect((await get("owner")).serverTime, "priced again once the hold has passed").toBe(clock.toISOString());
  });

  it("when a lead is sold, archived, put back on sale or quoted, then the next page shows it (an unannounced write stays hidden until then)", async () => {
    await get("owner"); // the app starts listening to the market's changes; pages are kept from the next one
    const [sold, archived] = [await createLead(ctx.db), await createLead(ctx.db)];
    expect(ids(await get("owner"))).toEqual([archived.id, sold.id]);
    const unannounced = await createLead(ctx.db);
    expect(ids(await get("owner")), "served from the cache").toEqual([archived.id, sold.id]);

    expect((await agents.local.post(`/api/leads/${sold.id}/purchase`).send({})).status).toBe(201);
    expect(ids(await get("owner"))).toEqual([unannounced.id, archived.id]);

    expect((await agents.admin.post(`/api/leads/${archived.id}/archive`).send({})).status).toBe(200);
    expect(ids(await get("owner"))).toEqual([unannounced.id]);

    clock = new Date(Date.now() + 60_000); // back on sale with a fresh auction: the newest
    const [purchase] = await ctx.db.select().from(leadPurchases);
    expect((await agents.admin.post(`/api/lead-purchases/${purchase!.id}/unpurchase`).send({})).status).toBe(200);
    expect(ids(await get("owner"))).toEqual([sold.id, unannounced.id]);

    const quote = await agents.owner.post("/api/leads").send({
      serviceLocation: "Parramatta NSW 2150",
      electricalWork: "Two new power points in the garage",
      customerName: "Karen Mitchell",
      customerPhone: "0411222333",
    });
    expect(quote.status).toBe(201);
    const page = await get("owner");
    expect(page.leads.map((l) => l.jobReference)[0]).toBe(quote.body.jobReference);
    expect(page).toEqual(await uncached("owner"));
  });
});

describe("a buyer's kept exclusions", () => {
  it("when a buyer misses the promise, then the relisted lead leaves their kept pages and comes back on everyone else's", async () => {
    let clock = new Date();
    const ctx = await createTestApp({ env: { ...KEEP, RATE_LIMIT_JOB_PAGE_PER_IP: "1000" }, suburbs: true, now: () => clock, startAlertWorker: false });
    try {
      const cast = await createCast(ctx, { rival: PARRAMATTA });
      const [buyer, other] = [cast.agents.rival, cast.agents.owner];
      const ids = async (agent: request.Agent) => ((await agent.get("/api/leads?scope=all")).body as LeadPage).leads.map((l) => l.id);
      const quote = await request(ctx.server).post("/api/leads").send(QUOTE);
      expect(quote.status).toBe(201);
      const token = (quote.body.jobUrl as string).slice("/job/".length);
      const [leadId] = await ids(buyer);
      expect((await buyer.post(`/api/leads/${leadId}/purchase`).send({ paymentStatus: "completed" })).status).toBe(201);
      // Both read (and keep) their exclusions and the market without the sold lead.
      expect(await ids(buyer)).not.toContain(leadId);
      expect(await ids(other)).not.toContain(leadId);
      clock = new Date(clock.getTime() + 31 * 60_000);
      expect((await request(ctx.server).post(`/api/jobs/${token}/not-contacted`).send({})).status).toBe(200);
      expect(await ids(other)).toContain(leadId);
      expect(await ids(buyer), "the buyer who missed the promise").not.toContain(leadId);
    } finally {
      await ctx.destroy();
    }
  });
});

describeOnPostgres("kept market pages across two app instances on one PostgreSQL", () => {
  it("when a lead is sold through instance A, then instance B's kept page drops it", async () => {
    const clock = new Date();
    const a = await createTestApp({ env: KEEP, now: () => clock });
    const second = await openDatabase({ url: a.database.url });
    const b = createApp({ database: second, config: a.config, now: () => clock });
    try {
      const [sold, kept] = [await createLead(a.db), await createLead(a.db)];
      const cast = await createCast(a);
      const onB = await signIn(b, cast.people.owner.username);
      const idsOnB = async () => ((await onB.get("/api/leads")).body as LeadPage).leads.map((l) => l.id);
      await idsOnB(); // B starts listening; its next page is kept
      expect(await idsOnB()).toEqual([kept.id, sold.id]);
      await createLead(a.db);
      expect(await idsOnB(), "served from B's cache").toEqual([kept.id, sold.id]);

      expect((await cast.agents.rival.post(`/api/leads/${sold.id}/purchase`).send({})).status).toBe(201);
      // The NOTIFY reaches B a moment after A's commit.
      await expect.poll(idsOnB, { timeout: 5000 }).not.toContain(sold.id);
      expect(await idsOnB()).toHaveLength(2);
    } finally {
      await b.close();
      await second.close();
      await a.destroy();
    }
  });
});
