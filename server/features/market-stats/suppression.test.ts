// The suppression rule on hand-made families (docs/decisions/066-price-tape.md).
import { describe, expect, it } from "vitest";
import { suppressedGroups } from "./suppression";

const sales = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe("suppression", () => {
  it("when a group has fewer than 5 sales, then it is suppressed", () => {
    const family = [
      { groups: ["S", "a"], sales: 4 },
      { groups: ["S", "b"], sales: 20 },
      { groups: ["S", "c"], sales: 6 },
    ];
    const hidden = suppressedGroups([family], sales({ S: 30, a: 4, b: 20, c: 6 }), { parents: new Set(["S"]), hidden: [] });
    // a alone would be S - b - c: c (the smaller of the rest) goes with it, so 10 sales share the residual.
    expect([...hidden].sort()).toEqual(["a", "c"]);
  });

  it("when every child is big enough, then nothing is suppressed", () => {
    const family = [
      { groups: ["S", "a"], sales: 5 },
      { groups: ["S", "b"], sales: 9 },
    ];
    expect(suppressedGroups([family], sales({ S: 14, a: 5, b: 9 }), { parents: new Set(["S"]), hidden: [] }).size).toBe(0);
  });

  it("when a suburb is small inside a shown region, then a sibling joins it, not the region", () => {
    const family = [
      { groups: ["S", "r1", "u1"], sales: 2 },
      { groups: ["S", "r1", "u2"], sales: 7 },
      { groups: ["S", "r1", "u3"], sales: 12 },
      { groups: ["S", "r2", "u4"], sales: 8 },
    ];
    const hidden = suppressedGroups([family], sales({ S: 29, r1: 21, r2: 8, u1: 2, u2: 7, u3: 12, u4: 8 }), { parents: new Set(["S"]), hidden: [] });
    expect([...hidden].sort()).toEqual(["u1", "u2"]);
  });

  it("when a state's window is hidden, then it stays hidden and its children are not shown alone", () => {
    const family = [{ groups: ["S", "a"], sales: 40 }];
    const hidden = suppressedGroups([family], sales({ S: 40, a: 40 }), { parents: new Set(["S"]), hidden: ["S", "a"] });
    expect([...hidden].sort()).toEqual(["S", "a"]);
  });
});
