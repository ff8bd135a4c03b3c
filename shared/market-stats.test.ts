// The price tape's figures from counts against a plain reference on random data (docs/decisions/066-price-tape.md).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDollars, marketStatsQuery, medianTenthsOfCounts, quantileOfCounts } from "./market-stats";

/** Sort every value, interpolate between the closest ranks, round half up to a whole cent. */
function reference(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * p;
  const low = sorted[Math.floor(position)]!;
  const high = sorted[Math.ceil(position)]!;
  return Math.floor(low + (high - low) * (position - Math.floor(position)) + 0.5);
}

const countsOf = (values: number[]) => {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([value, n]) => ({ value, n }));
};

describe("quartiles from counts", () => {
  it("when values are counted per cent, then every quartile equals the reference over the values themselves", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 300 }),
        fc.constantFrom(0.25 as const, 0.5 as const, 0.75 as const),
        (values, p) => {
          expect(quantileOfCounts(countsOf(values), p)).toBe(reference(values, p));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("when the count is even, then the median is the mean of the middle two rounded half up", () => {
    expect(quantileOfCounts(countsOf([1000, 1001]), 0.5)).toBe(1001);
    expect(quantileOfCounts(countsOf([999, 1000, 1002, 5000]), 0.5)).toBe(1001);
    expect(quantileOfCounts(countsOf([1, 2, 3, 4]), 0.25)).toBe(2); // 1.75 -> 2
    expect(quantileOfCounts(countsOf([1, 2, 3, 4, 5, 6]), 0.25)).toBe(2); // 2.25 -> 2
    expect(quantileOfCounts([], 0.5)).toBeNull();
  });

  it("when minutes are counted, then their median keeps one decimal", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 1, maxLength: 100 }), (minutes) => {
        expect(medianTenthsOfCounts(countsOf(minutes))).toBe(
          reference(
            minutes.map((m) => m * 10),
            0.5,
          ) / 10,
        );
      }),
    );
  });

  it("when cents are shown, then as dollars with two decimals", () => {
    expect(centsToDollars(0)).toBe("0.00");
    expect(centsToDollars(4005)).toBe("40.05");
  });
});

describe("the query", () => {
  it("when days or groupBy is outside the contract, then it is refused", () => {
    expect(marketStatsQuery.safeParse({ days: "30", groupBy: "state" }).success).toBe(true);
    expect(marketStatsQuery.safeParse({ days: "60", groupBy: "state" }).success).toBe(false);
    expect(marketStatsQuery.safeParse({ days: "90", groupBy: "week" }).success).toBe(false);
    expect(marketStatsQuery.parse({ days: "90", groupBy: "hour", state: "nsw" })).toEqual({ days: 90, groupBy: "hour", state: "NSW" });
  });
});
