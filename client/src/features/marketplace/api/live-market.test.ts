import { InfiniteQueryObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { MarketFilters, MarketLead } from "@shared/marketplace";
import { AVAILABLE_LEADS_KEY, type AvailableLeadPage } from "./available-leads";
import { applyMarketChange, applyToShownList, insertsOnTop } from "./live-market";

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

describe("applyToShownList", () => {
  /**
   * The Leads tab's list over a market whose reads can be held: a held read is taken on the
   * server at once (its snapshot) and reaches the browser only when released.
   */
  function shownList(filters: MarketFilters) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const market = { ids: [5, 4], reads: 0, hold: null as Promise<void> | null };
    const observer = new InfiniteQueryObserver(client, {
      queryKey: [...AVAILABLE_LEADS_KEY, filters],
      queryFn: async () => {
        market.reads++;
        const snapshot = page([...market.ids]);
        if (market.hold) await market.hold;
        return snapshot;
      },
      initialPageParam: null as string | null,
      getNextPageParam: () => null,
    });
    const stop = observer.subscribe(() => {});
    const shown = () => observer.getCurrentResult().data?.pages.map((p) => p.leads.map((l) => l.id));
    return { client, market, shown, stop };
  }
  const newest: MarketFilters = { sort: "newest" };
  const added = { name: "lead.added", data: { lead: lead(6) } } as const;

  it("when a lead goes on sale while the list is read again, then the read that began before it does not take it off the list", async () => {
    const { client, market, shown, stop } = shownList(newest);
    await vi.waitFor(() => expect(shown()).toEqual([[5, 4]]));
    // The stream opens and the list is read again; that read is taken before lead 6 is committed.
    let release = () => {};
    market.hold = new Promise((resolve) => (release = resolve));
    void client.invalidateQueries({ queryKey: AVAILABLE_LEADS_KEY });
    await vi.waitFor(() => expect(market.reads).toBe(2));
    market.ids = [6, 5, 4];
    market.hold = null;
    applyToShownList(client, newest, added);
    release();
    await vi.waitFor(() => expect(market.reads).toBe(3));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(shown()).toEqual([[6, 5, 4]]);
    stop();
  });

  it("when a lead goes on sale before the first read of the list has come back, then the list shows it", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { client, market, shown, stop } = shownList(newest);
    market.hold = held;
    await vi.waitFor(() => expect(market.reads).toBe(1));
    market.ids = [6, 5, 4];
    market.hold = null;
    applyToShownList(client, newest, added);
    release();
    await vi.waitFor(() => expect(market.reads).toBe(2));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(shown()).toEqual([[6, 5, 4]]);
    stop();
  });

  it("when no read is on its way, then a new lead goes on top without reading the list again", async () => {
    const { client, market, shown, stop } = shownList(newest);
    await vi.waitFor(() => expect(shown()).toEqual([[5, 4]]));
    applyToShownList(client, newest, added);
    expect(shown()).toEqual([[6, 5, 4]]);
    expect(client.isFetching()).toBe(0);
    expect(market.reads).toBe(1);
    stop();
  });
});
