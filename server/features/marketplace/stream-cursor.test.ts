// A market stream's cursor (docs/decisions/099-a-market-stream-owed-its-late-events.md): every
// event once, those that commit after a later one included, and a Last-Event-ID that says so.
import { describe, expect, it } from "vitest";
import { MARKET_STREAM_MAX_OWED, marketStreamCursor } from "../../../shared/marketplace";
import { cursorText, OWED_FOR_MS, passes, streamCursor } from "./stream-cursor";

const at = 1_000_000;

describe("a market stream's cursor", () => {
  it("when ids arrive out of order, then each passes once and the skipped ones are owed until they come", () => {
    const cursor = streamCursor({ upTo: 10, owed: [] }, at);
    expect(passes(cursor, 13, at)).toBe(true);
    expect(cursorText(cursor)).toBe("13,11,12");
    expect(passes(cursor, 12, at)).toBe(true);
    expect(passes(cursor, 12, at)).toBe(false);
    expect(passes(cursor, 13, at)).toBe(false);
    expect(passes(cursor, 10, at)).toBe(false);
    expect(cursorText(cursor)).toBe("13,11");
    expect(passes(cursor, 11, at)).toBe(true);
    expect(cursorText(cursor)).toBe("13");
  });

  it("when a skipped id never comes (its transaction rolled back), then it stops being owed after OWED_FOR_MS", () => {
    const cursor = streamCursor({ upTo: 10, owed: [8] }, at);
    expect(passes(cursor, 12, at + OWED_FOR_MS - 1)).toBe(true);
    expect(cursorText(cursor)).toBe("12,8,11");
    expect(passes(cursor, 13, at + OWED_FOR_MS)).toBe(true);
    expect(cursorText(cursor)).toBe("13,11");
    // A late arrival past its time is taken for a repeat: no transaction stays open that long.
    expect(passes(cursor, 8, at + OWED_FOR_MS)).toBe(false);
  });

  it("when a jump skips more ids than a cursor carries, then it owes the nearest ones and its text still parses", () => {
    const cursor = streamCursor({ upTo: 0, owed: [] }, at);
    passes(cursor, 500, at);
    const owed = cursorText(cursor).split(",").slice(1).map(Number);
    expect(owed).toHaveLength(MARKET_STREAM_MAX_OWED);
    expect(Math.min(...owed)).toBe(500 - MARKET_STREAM_MAX_OWED);
    expect(marketStreamCursor.parse(cursorText(cursor))).toEqual({ upTo: 500, owed });
  });

  it("when a Last-Event-ID is parsed, then only a cursor's form passes, and owed ids above its newest are dropped", () => {
    expect(marketStreamCursor.parse("1207")).toEqual({ upTo: 1207, owed: [] });
    expect(marketStreamCursor.parse("1207,1203,1300")).toEqual({ upTo: 1207, owed: [1203] });
    for (const junk of ["", "abc", "12,", ",12", "1 2", "-3", "1".repeat(16), ["1", ...Array(MARKET_STREAM_MAX_OWED + 1).fill("0")].join(",")])
      expect(marketStreamCursor.safeParse(junk).success).toBe(false);
  });
});
