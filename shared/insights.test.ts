import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { costPerWonJobCents, daysInPeriod, insightsQuery, median, medianCents, periodInstants, presetPeriod, returnOnSpend, weekStartOf } from "./insights";

describe("the period, in Sydney days", () => {
  it("when October 2026 is asked, then it runs from AEST midnight on the 1st to the last millisecond of the 31st in AEDT (the clocks went forward on the 4th)", () => {
    const { start, end } = periodInstants({ from: "2026-10-01", to: "2026-10-31" });
    expect(start.toISOString()).toBe("2026-09-30T14:00:00.000Z");
    expect(end.toISOString()).toBe("2026-10-31T12:59:59.999Z");
  });

  it("when the period is the single day daylight saving ends (5 April 2026), then it is 25 hours long", () => {
    const { start, end } = periodInstants({ from: "2026-04-05", to: "2026-04-05" });
    expect(end.getTime() + 1 - start.getTime()).toBe(25 * 3_600_000);
  });

  it("when the period is the day daylight saving starts (4 October 2026), then it is 23 hours long", () => {
    const { start, end } = periodInstants({ from: "2026-10-04", to: "2026-10-04" });
    expect(end.getTime() + 1 - start.getTime()).toBe(23 * 3_600_000);
  });

  it("when it is already 1 November in Sydney but still 31 October in UTC, then 'this month' is November and 'last month' is October", () => {
    const now = new Date("2026-10-31T13:30:00Z");
    expect(presetPeriod("thisMonth", now)).toEqual({ from: "2026-11-01", to: "2026-11-01" });
    expect(presetPeriod("lastMonth", now)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(presetPeriod("last90", now)).toEqual({ from: "2026-08-04", to: "2026-11-01" });
    expect(daysInPeriod("2026-08-04", "2026-11-01")).toBe(90);
  });

  it("when last month is February of a leap year, then it ends on the 29th", () => {
    expect(presetPeriod("lastMonth", new Date("2028-03-10T00:00:00Z"))).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(presetPeriod("lastMonth", new Date("2027-01-05T00:00:00Z"))).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("when a week is asked for a day, then it starts on that day's Monday", () => {
    expect(weekStartOf("2026-10-01")).toBe("2026-09-28"); // a Thursday
    expect(weekStartOf("2026-10-04")).toBe("2026-09-28"); // a Sunday
    expect(weekStartOf("2026-10-05")).toBe("2026-10-05"); // a Monday
  });

  it("when a query is checked, then reversed, impossible and over-long periods are refused and a year with its leap day is not", () => {
    expect(insightsQuery.safeParse({ from: "2026-10-01", to: "2026-10-31" }).success).toBe(true);
    expect(insightsQuery.safeParse({ from: "2027-03-01", to: "2028-02-29" }).success).toBe(true);
    expect(insightsQuery.safeParse({ from: "2027-03-01", to: "2028-03-01" }).success).toBe(false);
    expect(insightsQuery.safeParse({ from: "2026-10-31", to: "2026-10-01" }).success).toBe(false);
    expect(insightsQuery.safeParse({ from: "2026-02-29", to: "2026-03-01" }).success).toBe(false);
    expect(insightsQuery.safeParse({ from: "2026-10-01" }).success).toBe(false);
  });
});

describe("the sums", () => {
  /** The plain reference: sort, take the middle or the mean of the middle two. */
  const reference = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };

  it("when the median is taken of any list, then it equals the reference's, whatever the order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 60 }), (values) => {
        expect(median(values)).toBe(reference(values));
        expect(median([...values].reverse())).toBe(reference(values));
      }),
    );
  });

  it("when an even count of cents has a half-cent middle, then it rounds half up", () => {
    expect(medianCents([101, 102])).toBe(102);
    expect(medianCents([100, 103, 1, 9999])).toBe(102); // (100 + 103) / 2 = 101.5
    expect(medianCents([5, 3, 4])).toBe(4);
    expect(median([])).toBeNull();
  });

  it("when nothing was spent, then there is no return; when something was, it is revenue per dollar to 2 decimals", () => {
    expect(returnOnSpend(148184, 0)).toBeNull();
    expect(returnOnSpend(0, 0)).toBeNull();
    expect(returnOnSpend(0, 4000)).toBe(0);
    expect(returnOnSpend(148184, 12451)).toBe(11.9);
    expect(returnOnSpend(10000, 3000)).toBe(3.33);
  });

  it("when no job was won, then there is no cost per won job; else spend per job, half up to the cent", () => {
    expect(costPerWonJobCents(12451, 0)).toBeNull();
    expect(costPerWonJobCents(12451, 3)).toBe(4150);
    expect(costPerWonJobCents(101, 2)).toBe(51);
    expect(costPerWonJobCents(0, 2)).toBe(0);
  });
});
