import { describe, expect, it } from "vitest";
import { dayPart, greetingFor } from "./greeting";

describe("dayPart", () => {
  it.each([
    [4, "night"],
    [5, "morning"],
    [11, "morning"],
    [12, "afternoon"],
    [16, "afternoon"],
    [17, "evening"],
    [20, "evening"],
    [21, "night"],
    [0, "night"],
  ])("when the hour is %i, then it is %s", (hour, part) => {
    expect(dayPart(hour)).toBe(part);
  });
});

describe("greetingFor", () => {
  it("when the minute changes, then the phrasing rotates through four and repeats", () => {
    const start = new Date(2025, 7, 15, 9, 0, 0);
    const lines = [0, 1, 2, 3, 4].map((m) => greetingFor(new Date(start.getTime() + m * 60_000)));
    expect(new Set(lines.slice(0, 4)).size).toBe(4);
    expect(lines[4]).toBe(lines[0]);
    for (const line of lines) expect(line).toMatch(/morning/i);
  });

  it("when it is night, then the line speaks of 24/7 or late hours", () => {
    expect(greetingFor(new Date(2025, 7, 15, 23, 30))).toMatch(/24\/7|late|tonight|Still up/);
  });
});
