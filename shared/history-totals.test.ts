import { describe, expect, it } from "vitest";
import { newestPurchaseFirst } from "./history-totals";

describe("newestPurchaseFirst", () => {
  it("when rows come in the pipeline's order, then the history lists them by purchase date, newest first, later id first on a tie", () => {
    const rows = [
      { id: 1, purchasedAt: "2026-03-01T00:00:00Z" }, // assigned to the viewer: first on the cards
      { id: 2, purchasedAt: "2026-03-04T00:00:00Z" },
      { id: 3, purchasedAt: new Date("2026-03-02T00:00:00Z") },
      { id: 4, purchasedAt: "2026-03-04T00:00:00Z" },
    ];
    expect(newestPurchaseFirst(rows).map((r) => r.id)).toEqual([4, 2, 3, 1]);
    expect(
      rows.map((r) => r.id),
      "the input is left as it was",
    ).toEqual([1, 2, 3, 4]);
  });
});
