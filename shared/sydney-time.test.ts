import { describe, expect, it } from "vitest";
import {
  addDays,
  endOfSydneyDay,
  formatMonthKey,
  formatSydneyDayMonth,
  formatSydneyDayTime,
  formatSydneyTime,
  lastDays,
  lastMonths,
  startOfSydneyDay,
  sydneyDayKey,
  sydneyMinuteKey,
  sydneyMonthKey,
} from "./sydney-time";

describe("Sydney calendar", () => {
  it("when it is late evening in UTC but already tomorrow in Sydney, then the day key is Sydney's", () => {
    // 2026-06-15 00:30 AEST = 2026-06-14 14:30 UTC
    expect(sydneyDayKey(new Date("2026-06-14T14:30:00Z"))).toBe("2026-06-15");
    expect(sydneyDayKey("2026-06-14T13:59:59Z")).toBe("2026-06-14");
    // New Year's Eve 23:30 UTC is already 1 January 10:30 AEDT: a new month and year.
    expect(sydneyMonthKey(new Date("2025-12-31T23:30:00Z"))).toBe("2026-01");
    expect(sydneyMinuteKey(new Date("2025-11-21T14:30:00Z"))).toBe("2025-11-22 01:30");
  });

  it("when daylight saving ends (5 April 2026), then the day starts in AEDT and lasts 25 hours", () => {
    expect(startOfSydneyDay("2026-04-05").toISOString()).toBe("2026-04-04T13:00:00.000Z");
    expect(startOfSydneyDay("2026-04-06").toISOString()).toBe("2026-04-05T14:00:00.000Z");
    expect(endOfSydneyDay("2026-04-05").toISOString()).toBe("2026-04-05T13:59:59.999Z");
    expect(sydneyDayKey("2026-04-05T13:50:00Z")).toBe("2026-04-05"); // 23:50 AEST
  });

  it("when daylight saving starts (4 October 2026), then the day starts in AEST and lasts 23 hours", () => {
    expect(startOfSydneyDay("2026-10-04").toISOString()).toBe("2026-10-03T14:00:00.000Z");
    expect(startOfSydneyDay("2026-10-05").toISOString()).toBe("2026-10-04T13:00:00.000Z");
    expect(sydneyDayKey("2026-10-03T16:30:00Z")).toBe("2026-10-04"); // 02:30 does not exist: 03:30 AEDT
    expect(sydneyMinuteKey("2026-10-03T16:30:00Z")).toBe("2026-10-04 03:30");
  });

  it("when a day's end is asked, then it is one millisecond before the next Sydney midnight", () => {
    const end = endOfSydneyDay("2026-01-31");
    expect(end.toISOString()).toBe("2026-01-31T12:59:59.999Z");
    expect(sydneyDayKey(end)).toBe("2026-01-31");
    expect(sydneyDayKey(new Date(end.getTime() + 1))).toBe("2026-02-01");
    expect(Number.isNaN(endOfSydneyDay("not a date").getTime())).toBe(true);
  });

  it("counts days and 'last 7 days' by calendar date, today included", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(lastDays(new Date("2026-11-21T01:00:00Z"), 7)).toEqual({ from: "2026-11-15", to: "2026-11-21" });
    expect(lastDays(new Date("2026-10-04T13:30:00Z"), 1)).toEqual({ from: "2026-10-05", to: "2026-10-05" });
  });

  it("when a month is computed for Sydney, then the 12 keys end with the current Sydney month", () => {
    expect(lastMonths(new Date("2025-12-31T14:30:00Z"), 12)).toEqual([
      "2025-02",
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
    ]);
    expect(lastMonths(new Date("2026-03-15T00:00:00Z"), 3)).toEqual(["2026-01", "2026-02", "2026-03"]);
  });
});

describe("Sydney time written for people", () => {
  it("when an instant is written, then it is Sydney's wall clock in en-AU words", () => {
    // 2026-11-22 04:04 UTC = 3:04 pm AEDT
    expect(formatSydneyTime("2026-11-22T04:04:00Z")).toBe("3:04 pm");
    expect(formatSydneyDayTime("2026-11-22T04:04:00Z")).toBe("22 Nov, 3:04 pm");
    expect(formatSydneyDayMonth("2026-11-21T14:30:00Z")).toBe("22 Nov");
    expect(formatMonthKey("2026-11")).toBe("Nov 26");
  });
});
