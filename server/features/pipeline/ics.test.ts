// The hand-written iCalendar of the calendar feed (docs/decisions/049-missed-promises-and-refunds.md,
// "The calendar feed"): RFC 5545's escaping and its folding at 75 octets, not characters.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calendarOf, duration, escapeText, foldLine, utcStamp } from "./ics";

const octets = (text: string) => new TextEncoder().encode(text).length;
/** RFC 5545 section 3.1: a CRLF followed by one space or tab is removed when reading. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

describe("the feed's iCalendar text", () => {
  it("when text has a backslash, semicolon, comma or newlines, then each is escaped as the RFC says", () => {
    expect(escapeText("12 Smith St, Parramatta; gate code \\ 1234\r\nDog\nin yard")).toBe("12 Smith St\\, Parramatta\\; gate code \\\\ 1234\\nDog\\nin yard");
  });

  it("when a line is longer than 75 octets with multi-byte characters, then no folded line passes 75 octets, none splits a character, and unfolding gives it back", () => {
    const line = `SUMMARY:${"Installation – Zoë, Wollongong ".repeat(4)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(unfold(folded)).toBe(line);
    // 75 characters but more octets: the `ics` package's count would have let it through.
    const dashes = `X:${"–".repeat(73)}`;
    expect(dashes.length).toBe(75);
    expect(foldLine(dashes)).not.toBe(dashes);
  });

  it("when any text is folded, then every line is at most 75 octets and unfolding restores it (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        const line = `DESCRIPTION:${escapeText(text)}`;
        const folded = foldLine(line);
        expect(folded.split("\r\n").every((part) => octets(part) <= 75)).toBe(true);
        expect(unfold(folded)).toBe(line);
      }),
    );
  });

  it("when times and lengths are written, then UTC stamps and ISO durations", () => {
    expect(utcStamp(new Date("2026-11-24T22:30:00.000Z"))).toBe("20261124T223000Z");
    expect([duration(120), duration(90), duration(45), duration(0)]).toEqual(["PT2H", "PT1H30M", "PT45M", "PT0M"]);
  });

  it("when a calendar is written, then CRLF line ends, one VEVENT per job, and the calendar's own lines first", () => {
    const ics = calendarOf({
      productId: "-//Test//Feed//EN",
      name: "Jobs",
      now: new Date("2026-11-24T00:00:00Z"),
      events: [{ uid: "purchase-7@pipeline", start: new Date("2026-11-24T22:30:00Z"), durationMinutes: 120, summary: "Repair – Jane, Parramatta" }],
    });
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
    expect(ics.split("\r\n").slice(0, 3)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Feed//EN"]);
    expect(ics).toContain(
      "BEGIN:VEVENT\r\nUID:purchase-7@pipeline\r\nDTSTAMP:20261124T000000Z\r\nDTSTART:20261124T223000Z\r\nDURATION:PT2H\r\nSUMMARY:Repair – Jane\\, Parramatta\r\nEND:VEVENT",
    );
  });
});
