import { describe, expect, it } from "vitest";
import type { MarketLead } from "@shared/marketplace";
import { joinLeadPages, type AvailableLeadPage } from "./available-leads";

const lead = (id: number) => ({ id, jobReference: `AE-${id}` }) as MarketLead;
const page = (ids: number[], extra: Partial<AvailableLeadPage> = {}): AvailableLeadPage => ({
  leads: ids.map(lead),
  nextCursor: null,
  serverTime: "2025-08-15T00:00:00.000Z",
  total: 120,
  scope: "area",
  needsServiceArea: false,
  clockOffsetMs: 0,
  ...extra,
});

describe("joinLeadPages", () => {
  it("when two pages are loaded, then their leads show as one list in page order with the market total", () => {
    const joined = joinLeadPages({ pages: [page([5, 4], { clockOffsetMs: 250 }), page([3, 2], { total: 99, clockOffsetMs: 900 })], pageParams: [null, "c1"] });
    expect(joined.leads.map((l) => l.id)).toEqual([5, 4, 3, 2]);
    // The first page is refetched first on every poll: its count and clock win.
    expect(joined.total).toBe(120);
    expect(joined.clockOffsetMs).toBe(250);
  });

  it("when a lead put back on the market shows in two loaded pages, then it is listed once", () => {
    const joined = joinLeadPages({ pages: [page([7, 6]), page([6, 1])], pageParams: [null, "c1"] });
    expect(joined.leads.map((l) => l.id)).toEqual([7, 6, 1]);
  });

  it("when the market shrank since the first page loaded, then the badge never counts fewer leads than are shown", () => {
    const joined = joinLeadPages({ pages: [page([3, 2], { total: 2 }), page([1])], pageParams: [null, "c1"] });
    expect(joined.total).toBe(3);
  });
});
