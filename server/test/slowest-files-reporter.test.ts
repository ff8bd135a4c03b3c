import { describe, expect, it } from "vitest";
import { timingsToRecord } from "./slowest-files-reporter";

describe("the file timings a run records", () => {
  it("when files ran, then those of 3 s or more are kept in whole seconds, longest first", () => {
    const recorded = timingsToRecord(
      [
        { file: "a.test.ts", ms: 4_400, ran: true },
        { file: "b.test.ts", ms: 2_999, ran: true },
        { file: "c.test.ts", ms: 31_600, ran: true },
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
        { file: "instances.test.ts", ms: 12, ran: false },
        { file: "new-pg-only.test.ts", ms: 10, ran: false },
        { file: "a.test.ts", ms: 5_000, ran: true },
      ],
      { "instances.test.ts": 18, "gone.test.ts": 7 },
    );
    expect(recorded).toEqual({ "instances.test.ts": 18, "a.test.ts": 5 });
  });
});
