import { describe, expect, it } from "vitest";
import { addDays, sydneyDayKey } from "@shared/sydney-time";
import { exportUrl, inDateFilter, isReversed, rangeOf, swapped } from "./date-filter";

describe("date filter on Sydney calendar dates", () => {
  it("when it is 00:30 in Sydney, then 'today' starts at Sydney midnight, not UTC midnight", () => {
    // 2026-06-15 00:30 AEST = 2026-06-14 14:30 UTC
    const now = new Date("2026-06-14T14:30:00Z");
    expect(sydneyDayKey(now)).toBe("2026-06-15");
    expect(inDateFilter("2026-06-14T14:05:00Z", { kind: "today" }, now)).toBe(true); // 00:05 Sydney
    expect(inDateFilter("2026-06-14T13:55:00Z", { kind: "today" }, now)).toBe(false); // 23:55 the day before
    expect(inDateFilter("2026-06-14T13:55:00Z", { kind: "yesterday" }, now)).toBe(true);
  });

  it("when daylight saving starts (first Sunday of October), then yesterday is still the previous calendar day", () => {
    // 2026-10-04 02:00 AEST clocks go forward to 03:00 AEDT. Now: 4 Oct 09:00 AEDT = 3 Oct 22:00 UTC.
    const now = new Date("2026-10-03T22:00:00Z");
    expect(rangeOf({ kind: "yesterday" }, now)).toEqual({ from: "2026-10-03", to: "2026-10-03" });
    expect(inDateFilter("2026-10-03T13:30:00Z", { kind: "yesterday" }, now)).toBe(true); // 3 Oct 23:30 AEST
    expect(inDateFilter("2026-10-03T14:30:00Z", { kind: "today" }, now)).toBe(true); // 4 Oct 00:30 AEST
  });

  it("when daylight saving ends (first Sunday of April), then the 25-hour day is one day", () => {
    // 2026-04-05 03:00 AEDT goes back to 02:00 AEST. 5 Apr runs 4 Apr 13:00 UTC to 5 Apr 14:00 UTC.
    const now = new Date("2026-04-05T12:00:00Z");
    expect(inDateFilter("2026-04-04T13:10:00Z", { kind: "today" }, now)).toBe(true);
    expect(inDateFilter("2026-04-05T13:50:00Z", { kind: "today" }, now)).toBe(true);
    expect(inDateFilter("2026-04-05T14:10:00Z", { kind: "today" }, now)).toBe(false);
  });

  it("cuts 'last 7 days' and 'last 30 days' by calendar date, today included", () => {
    const now = new Date("2026-11-21T01:00:00Z"); // 21 Nov 12:00 AEDT
    expect(rangeOf({ kind: "last7" }, now)).toEqual({ from: "2026-11-15", to: "2026-11-21" });
    expect(rangeOf({ kind: "last30" }, now)).toEqual({ from: "2026-10-23", to: "2026-11-21" });
    expect(inDateFilter("2026-11-14T13:30:00Z", { kind: "last7" }, now)).toBe(true); // 15 Nov 00:30 AEDT
    expect(inDateFilter("2026-11-14T12:30:00Z", { kind: "last7" }, now)).toBe(false); // 14 Nov 23:30 AEDT
  });

  it("treats a custom range as inclusive and 'all' as no limit", () => {
    const now = new Date("2026-11-21T01:00:00Z");
    const custom = { kind: "custom" as const, from: "2026-11-01", to: "2026-11-02" };
    expect(inDateFilter("2026-11-02T12:59:00Z", custom, now)).toBe(true); // 2 Nov 23:59 AEDT
    expect(inDateFilter("2026-11-02T13:01:00Z", custom, now)).toBe(false); // 3 Nov 00:01 AEDT
    expect(inDateFilter("1999-01-01T00:00:00Z", { kind: "all" }, now)).toBe(true);
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("reversed ranges and the export link", () => {
  const now = new Date("2026-06-14T14:30:00Z"); // 00:30 on 15 June in Sydney
  const base = "/api/my-purchased-leads/export.csv";

  it("when From is after To, then the range is reversed and swapping puts it right", () => {
    const reversed = { kind: "custom", from: "2026-06-10", to: "2026-06-01" } as const;
    expect(isReversed(reversed)).toBe(true);
    expect(swapped(reversed)).toEqual({ kind: "custom", from: "2026-06-01", to: "2026-06-10" });
    expect(isReversed({ kind: "custom", from: "2026-06-01", to: "2026-06-01" })).toBe(false);
    expect(isReversed({ kind: "custom", from: "2026-06-10" })).toBe(false);
    expect(isReversed({ kind: "today" })).toBe(false);
  });

  it("when the filter is set, then the export link carries the same Sydney days the board shows", () => {
    expect(exportUrl(base, { kind: "all" }, now)).toBe(base);
    expect(exportUrl(base, { kind: "today" }, now)).toBe(`${base}?from=2026-06-15&to=2026-06-15`);
    expect(exportUrl(base, { kind: "last7" }, now)).toBe(`${base}?from=2026-06-09&to=2026-06-15`);
    expect(exportUrl(base, { kind: "custom", from: "2026-06-01" }, now)).toBe(`${base}?from=2026-06-01`);
    expect(exportUrl(base, { kind: "custom" }, now)).toBe(base);
    expect(exportUrl(base, { kind: "custom", from: "2026-06-10", to: "2026-06-01" }, now)).toBe(`${base}?from=2026-06-01&to=2026-06-10`);
  });
});
