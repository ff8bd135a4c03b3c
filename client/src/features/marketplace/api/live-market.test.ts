import { describe, expect, it } from "vitest";
import type { MarketLead } from "@shared/marketplace";
import type { AvailableLeadPage } from "./available-leads";
import { applyMarketChange, insertsOnTop } from "./live-market";

const lead = (id: number, extra: Partial<MarketLead> = {}) => ({ id, jobReference: `AE-${id}`, ...extra }) as MarketLead;
const page = (ids: number[], total = 10): AvailableLeadPage => ({
  leads: ids.map((id) => lead(id)),
  nextCursor: null,
  serverTime: "2026-11-22T00:00:00.000Z",
  total,
  clockOffsetMs: 40,
  scope: "area",
  needsServiceArea: false,
});
const pages = (...p: AvailableLeadPage[]) => ({ pages: p, pageParams: p.map((_, i) => (i === 0 ? null : `c${i}`)) });
const ids = (data: ReturnType<typeof applyMarketChange>) => data!.pages.map((p) => p.leads.map((l) => l.id));

describe("applyMarketChange", () => {
  it("when a shown lead is sold, then it leaves whichever page holds it and the count drops", () => {
    const data = applyMarketChange(pages(page([5, 4]), page([3, 2])), { name: "lead.removed", data: { id: 3, reason: "sold" } });
    expect(ids(data)).toEqual([[5, 4], [2]]);
    expect(data!.pages[0]!.total).toBe(9);
    // The ticker keeps the server's clock offset.
    expect(data!.pages[0]!.clockOffsetMs).toBe(40);
  });

  it("when a lead not shown is removed, then nothing changes", () => {
    const before = pages(page([5, 4]));
    expect(applyMarketChange(before, { name: "lead.removed", data: { id: 99, reason: "archived" } })).toBe(before);
  });

  it("when a lead goes on sale, then it tops the first page once, and the count grows", () => {
    const once = applyMarketChange(pages(page([5, 4]), page([3])), { name: "lead.added", data: { lead: lead(6) } });
    expect(ids(once)).toEqual([[6, 5, 4], [3]]);
    expect(once!.pages[0]!.total).toBe(11);
    expect(applyMarketChange(once, { name: "lead.added", data: { lead: lead(6) } })).toBe(once);
  });

  it("when a shown lead is updated, then it is replaced where it is; an unknown one is left out", () => {
    const data = applyMarketChange(pages(page([5, 4])), { name: "lead.updated", data: { lead: lead(4, { leadScore: 9 }) } });
    expect(data!.pages[0]!.leads[1]).toMatchObject({ id: 4, leadScore: 9 });
    const before = pages(page([5]));
    expect(applyMarketChange(before, { name: "lead.updated", data: { lead: lead(8) } })).toBe(before);
  });

  it("when the market is not loaded yet, then there is nothing to change", () => {
    expect(applyMarketChange(undefined, { name: "lead.added", data: { lead: lead(1) } })).toBeUndefined();
  });
});

describe("insertsOnTop", () => {
  const added = (serviceType: string) => ({ name: "lead.added", data: { lead: lead(9, { serviceType } as Partial<MarketLead>) } }) as const;

  it("when the list is newest first and unfiltered, then a new lead goes on top", () => {
    expect(insertsOnTop({ sort: "newest" }, added("repair"))).toBe(true);
  });

  it("when the list is sorted by distance or price, then the server places it (refetch)", () => {
    expect(insertsOnTop({ sort: "nearest" }, added("repair"))).toBe(false);
    expect(insertsOnTop({ sort: "cheapest" }, added("repair"))).toBe(false);
  });

  it("when the list is filtered by service type, then only a lead of those types goes on top", () => {
    expect(insertsOnTop({ sort: "newest", serviceType: ["repair"] }, added("repair"))).toBe(true);
    expect(insertsOnTop({ sort: "newest", serviceType: ["upgrade"] }, added("repair"))).toBe(false);
  });

  it("when only leads with photos are shown, then only a lead that came with photos goes on top", () => {
    const withPhotos = { name: "lead.added", data: { lead: lead(9, { serviceType: "repair", photoCount: 2 } as Partial<MarketLead>) } } as const;
    expect(insertsOnTop({ sort: "newest", withPhotos: "true" }, withPhotos)).toBe(true);
    expect(insertsOnTop({ sort: "newest", withPhotos: "true" }, added("repair"))).toBe(false);
    expect(insertsOnTop({ sort: "newest", withPhotos: "false" }, added("repair"))).toBe(true);
  });

  it("when a lead leaves or changes, then the cache is edited in place whatever the filters", () => {
    expect(insertsOnTop({ sort: "cheapest", serviceType: ["upgrade"] }, { name: "lead.removed", data: { id: 9, reason: "sold" } })).toBe(true);
  });
});
