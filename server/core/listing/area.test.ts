// viewerSeesLead (what the live stream asks per viewer) and the market's SQL (what
// GET /api/leads returns) must agree on every lead, or a viewer would be sent leads their
// list does not hold. Random leads around Sydney, many near the radius; both databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "../../../shared/auth";
import { destinationPoint, type Coordinates } from "../../../shared/geo";
import type { LeadListQuery } from "../../../shared/marketplace";
import { MARKET_SORTS, type MarketScope } from "../../../shared/market-terms";
import { leads, type Lead } from "../../../shared/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { marketDistanceKm, marketScope, needsServiceArea, viewerSeesLead } from "./area";
import { marketPage } from "../../features/marketplace/market-service";

const PARRAMATTA = { latitude: -33.8135571, longitude: 151.003407 };

function viewer(userType: CurrentUser["userType"], area?: { at: Coordinates; radius: number | null }): CurrentUser {
  return {
    id: 1,
    username: "viewer",
    email: null,
    userType,
    firstName: null,
    lastName: null,
    phone: null,
    companyName: null,
    teamOwnerId: null,
    serviceLocation: area ? "Somewhere" : null,
    serviceLatitude: area ? area.at.latitude.toFixed(8) : null,
    serviceLongitude: area ? area.at.longitude.toFixed(8) : null,
    serviceRadius: area ? area.radius : null,
    isActive: true,
    teamSeesLeadSpend: false,
  };
}

const placed = (point: Coordinates) => ({ latitude: point.latitude.toFixed(8), longitude: point.longitude.toFixed(8), source: "quote_form" as const });

describe("the matching rule", () => {
  const provider = viewer("provider", { at: PARRAMATTA, radius: 20 });

  it("when a provider has an area, then their default is the area; without one, all of Australia and a prompt", () => {
    expect(marketScope(provider, undefined)).toBe("area");
    expect(marketScope(provider, "all")).toBe("all");
    expect(needsServiceArea(provider)).toBe(false);
    expect(marketScope(viewer("provider"), "area")).toBe("all");
    expect(needsServiceArea(viewer("provider"))).toBe(true);
  });

  it("when the super admin looks, then all of Australia unless they have an area and ask for it; never a prompt", () => {
    const admin = viewer("super_admin", { at: PARRAMATTA, radius: 20 });
    expect(marketScope(admin, undefined)).toBe("all");
    expect(marketScope(admin, "area")).toBe("area");
    expect(needsServiceArea(viewer("super_admin"))).toBe(false);
  });

  it("when a lead lies at the radius, then it is seen; beyond the card's rounding, or without coordinates, it is not", () => {
    expect(viewerSeesLead(provider, "area", placed(destinationPoint(PARRAMATTA, 20, 45)))).toBe(true);
    expect(viewerSeesLead(provider, undefined, placed(destinationPoint(PARRAMATTA, 20.06, 45)))).toBe(false);
    expect(viewerSeesLead(provider, "area", { latitude: null, longitude: null, source: "quote_form" })).toBe(false);
    expect(viewerSeesLead(provider, "all", { latitude: null, longitude: null, source: "quote_form" })).toBe(true);
    expect(viewerSeesLead(provider, "all", { ...placed(PARRAMATTA), source: "provider_manual" })).toBe(false);
  });

  it("when a radius was never saved, then the default 20 km applies", () => {
    const noRadius = viewer("provider", { at: PARRAMATTA, radius: null });
    expect(viewerSeesLead(noRadius, "area", placed(destinationPoint(PARRAMATTA, 19.9, 0)))).toBe(true);
    expect(viewerSeesLead(noRadius, "area", placed(destinationPoint(PARRAMATTA, 25, 0)))).toBe(false);
  });

  it("gives the distance to one decimal only when both ends have coordinates", () => {
    expect(marketDistanceKm(provider, placed(destinationPoint(PARRAMATTA, 12.44, 200)))).toBe(12.4);
    expect(marketDistanceKm(viewer("provider"), placed(PARRAMATTA))).toBeNull();
    expect(marketDistanceKm(provider, { latitude: null, longitude: null })).toBeNull();
  });
});

describe("the SQL and viewerSeesLead agree", () => {
  let database: TestDatabase;
  let all: Lead[];
  const now = new Date();

  beforeAll(async () => {
    database = await createTestDatabase();
    // A fixed pseudo-random sequence: the same leads every run.
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const rows = Array.from({ length: 240 }, (_, i) => {
      // Most leads within twice the largest radius below; one in ten a hair either side of 20 km.
      const km = i % 10 === 0 ? 20 + (next() - 0.5) * 0.2 : next() * 100;
      const point = next() < 0.05 ? null : destinationPoint(PARRAMATTA, km, next() * 360);
      const at = new Date(now.getTime() - Math.floor(next() * 7200) * 1000);
      return {
        jobReference: `AGREE-${i}`,
        customerName: "Agree Test",
        customerPhone: "0411222333",
        serviceLocation: "Somewhere NSW",
        electricalWork: "Random job",
        serviceType: (["repair", "upgrade", "installation"] as const)[i % 3],
        latitude: point ? point.latitude.toFixed(8) : null,
        longitude: point ? point.longitude.toFixed(8) : null,
        startingPrice: `${40 + (i % 7) * 10}.00`,
        createdAt: at,
        auctionStartedAt: at,
        status: next() < 0.2 ? ("sold" as const) : ("available" as const),
        isArchived: next() < 0.05,
        source: next() < 0.05 ? ("provider_manual" as const) : ("quote_form" as const),
      };
    });
    all = await database.db.insert(leads).values(rows).returning();
  }, 60_000);
  afterAll(() => database.destroy());

  const viewers = {
    "provider 5 km": viewer("provider", { at: PARRAMATTA, radius: 5 }),
    "provider 20 km": viewer("provider", { at: PARRAMATTA, radius: 20 }),
    "provider 50 km away from the centre": viewer("provider", { at: destinationPoint(PARRAMATTA, 30, 120), radius: 50 }),
    "provider without an area": viewer("provider"),
    "super admin with an area": viewer("super_admin", { at: PARRAMATTA, radius: 20 }),
  };
  const cases = Object.entries(viewers).flatMap(([name, v]) =>
    ([undefined, "area", "all"] as (MarketScope | undefined)[]).flatMap((scope) => MARKET_SORTS.map((sort) => ({ name, v, scope, sort }))),
  );

  it.each(cases)(
    "when $name looks with scope $scope sorted $sort, then every page together is exactly the leads viewerSeesLead admits",
    async ({ v, scope, sort }) => {
      const seen: number[] = [];
      let cursor: string | undefined;
      let total = 0;
      do {
        const query: LeadListQuery = { scope, sort, limit: 37, cursor };
        const page = await marketPage(database.db, v, query, now);
        seen.push(...page.leads.map((l) => l.id));
        for (const shown of page.leads)
          expect(shown.distanceKm).toBe(
            marketDistanceKm(
              v,
              all.find((l) => l.id === shown.id)!,
            ),
          );
        total = page.total;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const onSale = all.filter((l) => l.status === "available" && !l.isArchived);
      const expected = onSale.filter((l) => viewerSeesLead(v, scope, l)).map((l) => l.id);
      expect([...seen].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      expect(new Set(seen).size).toBe(seen.length);
      expect(total).toBe(expected.length);
    },
  );
});
