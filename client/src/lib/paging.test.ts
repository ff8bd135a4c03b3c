import { describe, expect, it } from "vitest";
import { lastPageOffset, pageSummary } from "./paging";

describe("list paging", () => {
  it("when the second of three pages shows, then it reads 21–40 with both directions open", () => {
    expect(pageSummary(20, 20, 45)).toEqual({ from: 21, to: 40, hasPrevious: true, hasNext: true });
  });

  it("when the last page shows, then Next is closed", () => {
    expect(pageSummary(40, 5, 45)).toEqual({ from: 41, to: 45, hasPrevious: true, hasNext: false });
    // Exactly full last page: total says there is nothing after it.
    expect(pageSummary(20, 20, 40).hasNext).toBe(false);
  });

  it("when a page comes back short although total promises more, then Next is closed", () => {
    expect(pageSummary(0, 19, 40).hasNext).toBe(false);
  });

  it("when the list is empty, then nothing is shown and nothing pages", () => {
    expect(pageSummary(0, 0, 0)).toEqual({ from: 0, to: 0, hasPrevious: false, hasNext: false });
  });

  it("when rows left the list, then the last page that has rows is found", () => {
    expect(lastPageOffset(41)).toBe(40);
    expect(lastPageOffset(40)).toBe(20);
    expect(lastPageOffset(0)).toBe(0);
  });
});
