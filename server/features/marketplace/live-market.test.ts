// The live market (docs/product.md section 12, docs/decisions/024) on one app instance, on either database:
// who hears which event, redaction on every event, replay, heartbeats and the bus itself.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MarketLead } from "../../../shared/marketplace";
import { leadPurchases, leads, marketEvents, type NewUser } from "../../../shared/schema";
import { marketEventsFor } from "../../platform/events/for-database";
import type { MarketSignal } from "../../platform/events/market-events";
import { marketEventsByIds, pruneMarketEvents } from "./event-repo";
import { createLogger } from "../../platform/logger";
import { createTestApp } from "../../test/app";
import { createUser } from "../../setup/factories";
import { signIn } from "../../test/sign-in";
import { listenOn, openMarketStream, sessionCookie, type MarketStream, type StreamEvent } from "../../test/market-stream";

const PARRAMATTA: Partial<NewUser> = {
  serviceLocation: "Parramatta NSW 2150",
  serviceLatitude: "-33.81355710",
  serviceLongitude: "151.00340700",
  serviceRadius: 20,
};
const PERTH: Partial<NewUser> = { serviceLocation: "Perth WA 6000", serviceLatitude: "-31.95352700", serviceLongitude: "115.85704900", serviceRadius: 20 };
const quoteIn = (serviceLocation: string, customerName = "Karen Mitchell") => ({
  serviceLocation,
  customerAddress: serviceLocation,
  electricalWork: `Switchboard upgrade; call ${customerName} on 0411 222 333 at ${serviceLocation}`,
  customerName,
  customerPhone: "0411222333",
});

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof listenOn>>;
const cookies = {} as Record<"parramatta" | "perth" | "nowhere" | "admin", string>;
const open: MarketStream[] = [];

beforeAll(async () => {
  // One clock for every request and event, so an event's price equals the list's.
  const clock = new Date();
  ctx = await createTestApp({ suburbs: true, now: () => clock, env: { MARKET_STREAM_HEARTBEAT_MS: "50" } });
  server = await listenOn(ctx.app);
  const people = {
    parramatta: await createUser(ctx.db, PARRAMATTA),
    perth: await createUser(ctx.db, PERTH),
    nowhere: await createUser(ctx.db),
    admin: await createUser(ctx.db, { userType: "super_admin" }),
  };
  for (const [role, user] of Object.entries(people)) cookies[role as keyof typeof cookies] = await sessionCookie(server.url, user.username);
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await server.close();
  await ctx.destroy();
});

async function stream(who: keyof typeof cookies, options: { scope?: string; lastEventId?: string } = {}) {
  const s = await openMarketStream(server.url, cookies[who], options);
  open.push(s);
  await s.ready();
  return s;
}
const call = (method: string, path: string, who: keyof typeof cookies, body?: unknown) =>
  fetch(server.url + path, {
    method,
    headers: { Cookie: cookies[who], "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const newQuote = async (serviceLocation: string) => {
  const res = await request(ctx.server).post("/api/leads").send(quoteIn(serviceLocation));
  expect(res.status).toBe(201);
  return res.body.jobReference as string;
};
const addedRef = (ref: string) => (e: StreamEvent) => e.event === "lead.added" && (e.data as { lead: MarketLead }).lead.jobReference === ref;
const removedId = (id: number) => (e: StreamEvent) => e.event === "lead.removed" && (e.data as { id: number }).id === id;
/** The lead as GET /api/leads shows it to this viewer right now. */
async function listed(who: keyof typeof cookies, id: number, scope?: "all") {
  const page = (await (await call("GET", `/api/leads?limit=100${scope ? `&scope=${scope}` : ""}`, who)).json()) as { leads: MarketLead[] };
  return page.leads.find((l) => l.id === id);
}

describe("GET /api/leads/stream", () => {
  it("when signed out, then 401; a customer or a team member, then 403", async () => {
    expect((await request(ctx.server).get("/api/leads/stream")).status).toBe(401);
    const owner = await createUser(ctx.db);
    for (const overrides of [{ userType: "customer" as const }, { userType: "team_member" as const, teamOwnerId: owner.id }]) {
      const agent = await signIn(ctx.server, (await createUser(ctx.db, overrides)).username);
      expect((await agent.get("/api/leads/stream")).status).toBe(403);
    }
  });

  it("when it opens, then it is an unbuffered event stream with a starting id and heartbeats", async () => {
    const s = await stream("parramatta");
    expect(s.status).toBe(200);
    expect(s.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(s.headers["cache-control"]).toContain("no-cache");
    expect(s.headers["x-accel-buffering"]).toBe("no");
    expect(s.lastEventId).toMatch(/^\d+$/);
    await new Promise((r) => setTimeout(r, 200));
    expect(s.comments).toBeGreaterThanOrEqual(2);
  });

  it("when a quote comes in, then only viewers whose market covers it hear lead.added, each exactly as GET /api/leads shows it; a sale then reaches everyone", async () => {
    const [near, far, farAll, nowhere, admin] = [
      await stream("parramatta"),
      await stream("perth"),
      await stream("perth", { scope: "all" }),
      await stream("nowhere"),
      await stream("admin"),
    ];
    const ref = await newQuote("12 Smith St, North Parramatta NSW 2151");
    const seen = await Promise.all([near, farAll, nowhere, admin].map((s) => s.waitFor(addedRef(ref))));
    const lead = (seen[0]!.data as { lead: MarketLead }).lead;
    // Each stream's scope is the one its GET /api/leads is asked with (Perth watches all of Australia).
    for (const [i, [who, scope]] of ([["parramatta"], ["perth", "all"], ["nowhere"], ["admin"]] as const).entries()) {
      expect((seen[i]!.data as { lead: MarketLead }).lead).toEqual(await listed(who, lead.id, scope));
    }
    // Redacted for a provider, in full for the super admin.
    expect(lead).toMatchObject({ customerName: "Karen", customerPhone: "04•••••333", customerEmail: null, customerAddress: null, isRedacted: true });
    expect(JSON.stringify(lead)).not.toMatch(/Mitchell|0411 ?222 ?333|Smith St/);
    expect((seen[3]!.data as { lead: MarketLead }).lead).toMatchObject({ customerName: "Karen Mitchell", isRedacted: false });

    expect((await call("POST", `/api/leads/${lead.id}/purchase`, "nowhere", {})).status).toBe(201);
    for (const s of [near, far, farAll, nowhere, admin]) expect((await s.waitFor(removedId(lead.id))).data).toEqual({ id: lead.id, reason: "sold" });
    // Perth's own area never heard of the Parramatta job: only its removal, which is harmless.
    expect(far.events.filter(addedRef(ref))).toEqual([]);
  });

  it("when the super admin unpurchases a lead and then archives it, then it comes back as lead.added and leaves as lead.removed archived", async () => {
    const s = await stream("parramatta");
    const ref = await newQuote("12 Smith St, North Parramatta NSW 2151");
    const id = ((await s.waitFor(addedRef(ref))).data as { lead: MarketLead }).lead.id;
    expect((await call("POST", `/api/leads/${id}/purchase`, "parramatta", {})).status).toBe(201);
    await s.waitFor(removedId(id));
    const [purchase] = await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.leadId, id));
    expect((await call("POST", `/api/lead-purchases/${purchase!.id}/unpurchase`, "admin")).status).toBe(200);
    await s.waitFor((e) => addedRef(ref)(e) && e !== s.events.find(addedRef(ref)));
    expect((await call("POST", `/api/leads/${id}/archive`, "admin")).status).toBe(200);
    expect((await s.waitFor((e) => removedId(id)(e) && (e.data as { reason: string }).reason === "archived")).data).toEqual({ id, reason: "archived" });
  });

  it("when a stream comes back with Last-Event-ID, then it gets what it missed; with an id older than the window or junk, then market.reset", async () => {
    const first = await stream("parramatta");
    const since = first.lastEventId!;
    first.close();
    const ref = await newQuote("12 Smith St, North Parramatta NSW 2151");
    const [{ id }] = (await ctx.db.select({ id: leads.id }).from(leads).where(eq(leads.jobReference, ref))) as [{ id: number }];
    expect((await call("POST", `/api/leads/${id}/purchase`, "nowhere", {})).status).toBe(201);

    const back = await stream("parramatta", { lastEventId: since });
    // Replayed in order: the quote (now sold, so no longer shown as added) and its sale.
    expect(back.events.map((e) => e.event)).toEqual(["lead.removed"]);
    expect(back.events[0]!.data).toEqual({ id, reason: "sold" });
    expect(Number(back.lastEventId)).toBeGreaterThan(Number(since));

    // Aged past the window and pruned: the gap cannot be replayed.
    await ctx.db.update(marketEvents).set({ createdAt: new Date(Date.now() - 3_600_000) });
    await pruneMarketEvents(ctx.db);
    const left = await ctx.db.select().from(marketEvents);
    expect(left).toHaveLength(1); // the newest is always kept, so ids stay comparable
    const stale = await stream("parramatta", { lastEventId: since });
    expect(stale.events.map((e) => e.event)).toEqual(["market.reset"]);
    expect(stale.lastEventId).toBe(String(left[0]!.id));
    const junk = await stream("parramatta", { lastEventId: "not-an-id" });
    expect(junk.events.map((e) => e.event)).toEqual(["market.reset"]);
    // From the newest id on, nothing is missing.
    const current = await stream("parramatta", { lastEventId: String(left[0]!.id) });
    expect(current.events).toEqual([]);
  });
});

describe("the event bus on this database", () => {
  it("when a change commits, then subscribers hear its id; when it rolls back, then nothing", async () => {
    const bus = marketEventsFor(ctx.database, createLogger(ctx.config));
    const heard: MarketSignal[] = [];
    await bus.subscribe((signal) => heard.push(signal));
    const [lead] = await ctx.db.select({ id: leads.id }).from(leads).limit(1);
    await ctx.db
      .transaction(async (tx) => {
        await bus.publish(tx, { type: "lead.removed", leadId: lead!.id, reason: "sold" });
        throw new Error("the sale fails");
      })
      .catch(() => {});
    await ctx.db.transaction((tx) => bus.publish(tx, { type: "lead.updated", leadId: lead!.id }));
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));
    // PostgreSQL announces only the commit; in-process may announce both, and what a
    // subscriber then loads is only what committed.
    const loaded = await marketEventsByIds(
      ctx.db,
      heard.map((s) => (s as { eventId: number }).eventId),
    );
    expect(loaded).toEqual([expect.objectContaining({ type: "lead.updated", leadId: lead!.id })]);
    if (ctx.database.kind === "postgres") expect(heard).toHaveLength(1);
    await bus.close();
  });
});
