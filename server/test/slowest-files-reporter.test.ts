import { describe, expect, it } from "vitest";
import { timingsToRecord } from "./slowest-files-reporter";

describe("the file timings a run records", () => {
  it("when files ran, then those of 3 s or more are kept in whole seconds, longest first", () => {
    const recorded = timingsToRecord(
      [
        { file: "a.test.ts", ms: 4_400, ran: "all" },
        { file: "b.test.ts", ms: 2_999, ran: "all" },
        { file: "c.test.ts", ms: 31_600, ran: "all" },
      ],
      { "b.test.ts": 9 },
    );
    expect(Object.entries(recorded)).toEqual([
      ["c.test.ts", 32],
      ["a.test.ts", 4],
    ]);
  });

  it("when a file's tests were all skipped (PostgreSQL-only on PGlite), then it keeps its earlier time, and is left out without one", () => {
    const recorded = timingsToRecord(
      [
        { file: "instances.test.ts", ms: 12, ran: "none" },
        { file: "new-pg-only.test.ts", ms: 10, ran: "none" },
        { file: "a.test.ts", ms: 5_000, ran: "all" },
      ],
      { "instances.test.ts": 18, "gone.test.ts": 7 },
    );
    expect(recorded).toEqual({ "instances.test.ts": 18, "a.test.ts": 5 });
  });

  it("when a file skipped some of its tests (a PostgreSQL-only block on PGlite), then it keeps the longer of its earlier and its new time", () => {
    const recorded = timingsToRecord(
      [
        { file: "concurrency.test.ts", ms: 900, ran: "some" },
        { file: "grown.test.ts", ms: 9_200, ran: "some" },
        { file: "new-mixed.test.ts", ms: 4_000, ran: "some" },
        { file: "quick-mixed.test.ts", ms: 200, ran: "some" },
      ],
      { "concurrency.test.ts": 6, "grown.test.ts": 5 },
    );
    expect(recorded).toEqual({ "grown.test.ts": 9, "concurrency.test.ts": 6, "new-mixed.test.ts": 4 });
  });
});
