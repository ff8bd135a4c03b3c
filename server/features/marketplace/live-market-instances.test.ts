// Two app instances on one PostgreSQL (docs/product.md section 12 "Fan-out", docs/decisions/024): a change made
// through instance A reaches the streams of instance B through LISTEN/NOTIFY, redacted per
// viewer by B; B survives losing its LISTEN connection.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it, onTestFinished } from "vitest";
import type { MarketLead } from "../../../shared/marketplace";
import type { NewUser } from "../../../shared/schema";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../../platform/db/client";
import { createTestApp } from "../../test/app";
import { createUser } from "../../setup/factories";
import { listenOn, openMarketStream, sessionCookie, type MarketStream, type StreamEvent } from "../../test/market-stream";
import { describeOnPostgres } from "../../test/postgres-only";
import { postgresMarketEvents } from "../../platform/events/postgres-bus";
import { createLogger } from "../../platform/logger";

const PARRAMATTA: Partial<NewUser> = { serviceLatitude: "-33.81355710", serviceLongitude: "151.00340700", serviceRadius: 20 };
const PERTH: Partial<NewUser> = { serviceLatitude: "-31.95352700", serviceLongitude: "115.85704900", serviceRadius: 20 };

describeOnPostgres("the live market across two app instances on one PostgreSQL", () => {
  let a: Awaited<ReturnType<typeof createTestApp>>;
  let secondConnection: Database;
  let b: ReturnType<typeof createApp>;
  let onA: Awaited<ReturnType<typeof listenOn>>;
  let onB: Awaited<ReturnType<typeof listenOn>>;
  const cookies = {} as Record<"buyer" | "parramatta" | "perth", { a: string; b: string }>;
  const ids = {} as Record<keyof typeof cookies, number>;
  const streams: MarketStream[] = [];

  beforeAll(async () => {
    // One clock for both instances, so an event's price equals the list's.
    const clock = new Date();
    // The alert workers and the auto-buy engines listen on the same channel; off here, so B's
    // stream connection is the one LISTEN the last test cuts.
    a = await createTestApp({ suburbs: true, now: () => clock, startAlertWorker: false, startAutoBuy: false });
    secondConnection = await openDatabase({ url: a.database.url });
    b = createApp({ database: secondConnection, config: a.config, now: () => clock, startAlertWorker: false, startAutoBuy: false });
    [onA, onB] = [await listenOn(a.app), await listenOn(b)];
    const people = { buyer: await createUser(a.db), parramatta: await createUser(a.db, PARRAMATTA), perth: await createUser(a.db, PERTH) };
    for (const [role, user] of Object.entries(people)) {
      cookies[role as keyof typeof cookies] = { a: await sessionCookie(onA.url, user.username), b: await sessionCookie(onB.url, user.username) };
      ids[role as keyof typeof cookies] = user.id;
    }
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await onB.close();
    await onA.close();
    await b.close();
    await secondConnection.close();
    await a.destroy();
  });

  const streamOnB = async (who: keyof typeof cookies) => {
    const s = await openMarketStream(onB.url, cookies[who].b);
    streams.push(s);
    await s.ready();
    return s;
  };
  const post = (base: string, path: string, cookie: string, body: unknown = {}) =>
    fetch(base + path, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const added = (ref: string) => (e: StreamEvent) => e.event === "lead.added" && (e.data as { lead: MarketLead }).lead.jobReference === ref;
  const removed = (id: number) => (e: StreamEvent) => e.event === "lead.removed" && (e.data as { id: number }).id === id;

  async function quoteOnA(serviceLocation: string) {
    const res = await post(onA.url, "/api/leads", "", {
      serviceLocation,
      customerAddress: serviceLocation,
      electricalWork: `New circuits; ring Karen Mitchell on 0411 222 333 at ${serviceLocation}`,
      customerName: "Karen Mitchell",
      customerPhone: "0411222333",
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { jobReference: string }).jobReference;
  }

  it("when a quote comes in on A, then B's viewers whose area covers it hear lead.added, built as B's GET /api/leads shows it; a purchase on A then reaches them all", async () => {
    const [near, far] = [await streamOnB("parramatta"), await streamOnB("perth")];
    const ref = await quoteOnA("12 Smith St, North Parramatta NSW 2151");
    const event = await near.waitFor(added(ref));
    const lead = (event.data as { lead: MarketLead }).lead;
    const page = (await (await fetch(`${onB.url}/api/leads?limit=100`, { headers: { Cookie: cookies.parramatta.b } })).json()) as { leads: MarketLead[] };
    const shown = page.leads.find((l) => l.id === lead.id)!;
    expect(lead).toEqual(shown);
    expect(JSON.stringify(lead)).not.toMatch(/Mitchell|0411 ?222 ?333|Smith St/);

    const sale = await post(onA.url, `/api/leads/${lead.id}/purchase`, cookies.buyer.a);
    expect(sale.status).toBe(201);
    for (const s of [near, far]) expect((await s.waitFor(removed(lead.id))).data).toEqual({ id: lead.id, reason: "sold" });
    expect(far.events.filter(added(ref))).toEqual([]);
  });

  it("when another instance announces a verdict on a provider, then only that provider's streams on B hear account.updated", async () => {
    const [theirs, others] = [await streamOnB("parramatta"), await streamOnB("perth")];
    // A bus of its own, as the operator's instance has: its NOTIFY reaches B's listener.
    const operatorsBus = postgresMarketEvents(a.database.url!, createLogger({ LOG_LEVEL: "silent", NODE_ENV: "test" }));
    await operatorsBus.accountChanged(a.db, ids.parramatta);
    await operatorsBus.close();
    await theirs.waitFor((e) => e.event === "account.updated");
    await new Promise((r) => setTimeout(r, 200));
    expect(others.events.some((e) => e.event === "account.updated")).toBe(false);
  });

  it("when B loses its LISTEN connection, then its streams are told to refetch and later sales on A still reach them", async () => {
    const s = await streamOnB("parramatta");
    const killed = (await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen market_events'`,
    )) as unknown as { rows: unknown[] };
    expect(killed.rows).toHaveLength(1);
    await s.waitFor((e) => e.event === "market.reset", 10_000);
    const ref = await quoteOnA("12 Smith St, North Parramatta NSW 2151");
    const id = ((await s.waitFor(added(ref))).data as { lead: MarketLead }).lead.id;
    expect((await post(onA.url, `/api/leads/${id}/purchase`, cookies.buyer.a)).status).toBe(201);
    await s.waitFor(removed(id));
  });

  it("when an event commits after a later one was sent, then live streams, a stream resumed before it commits and one resumed after all get it once", async () => {
    // Last: its stream on A makes A listen too, and the test before cuts the one LISTEN there is.
    const early = (await (await streamOnB("parramatta")).waitFor(added(await quoteOnA("3 Church St, Parramatta NSW 2150")))).data as { lead: MarketLead };
    const live = await streamOnB("parramatta");
    // A sale's transaction on a slow instance: its event takes the next id, then it waits to commit.
    const slow = new pg.Client({ connectionString: a.database.url });
    await slow.connect();
    slow.on("error", () => {}); // ended with its database if an assertion fails first
    onTestFinished(() => slow.end().catch(() => {}));
    await slow.query("begin");
    const held = await slow.query<{ id: string }>("insert into market_events (type, lead_id) values ('lead.updated', $1) returning id", [early.lead.id]);
    await slow.query("select pg_notify('market_events', $1)", [held.rows[0]!.id]);
    const later = await quoteOnA("9 Smith St, North Parramatta NSW 2151");
    await live.waitFor(added(later));
    const cursor = live.lastEventId!;
    expect(cursor.split(",")).toContain(held.rows[0]!.id);
    const updated = (e: StreamEvent) => e.event === "lead.updated" && (e.data as { lead: MarketLead }).lead.id === early.lead.id;

    const resumedBefore = await openMarketStream(onA.url, cookies.parramatta.a, { lastEventId: cursor });
    streams.push(resumedBefore);
    await resumedBefore.ready();
    await slow.query("commit");
    await Promise.all([live.waitFor(updated), resumedBefore.waitFor(updated)]);
    const resumedAfter = await openMarketStream(onB.url, cookies.parramatta.b, { lastEventId: cursor });
    streams.push(resumedAfter);
    await resumedAfter.waitFor(updated);
    await new Promise((r) => setTimeout(r, 200));
    for (const s of [live, resumedBefore, resumedAfter]) {
      expect(s.events.filter(updated)).toHaveLength(1);
      expect(s.events.filter(added(later)).length).toBe(s === live ? 1 : 0);
    }
    // Owed no longer: the cursor after it is the newest id alone.
    expect(resumedAfter.lastEventId).toBe(cursor.split(",")[0]);
  });
});
