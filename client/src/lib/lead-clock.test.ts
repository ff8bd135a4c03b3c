import { describe, expect, it } from "vitest";
import { leadDayTime, whoseClock } from "./lead-clock";

// 2026-11-25T01:27:00Z is 12:27 pm in Sydney (daylight saving, +11) and 9:27 am in Perth (+8).
const AT = "2026-11-25T01:27:00.000Z";

describe("a job's times on the clock of the lead's state", () => {
  it("when a Perth job is read on a Sydney phone, then its time is Perth's and says so", () => {
    expect(leadDayTime("WA", AT, "Australia/Sydney")).toBe("Wed 25 Nov, 9:27 am WA time");
  });

  it("when a Perth job is read on a Perth phone, then its time is Perth's with no label", () => {
    expect(leadDayTime("WA", AT, "Australia/Perth")).toBe("Wed 25 Nov, 9:27 am");
  });

  it("when a Sydney job is read on a Perth phone, then its time is Sydney's and says NSW", () => {
    expect(leadDayTime("nsw", AT, "Australia/Perth")).toBe("Wed 25 Nov, 12:27 pm NSW time");
  });

  it("when the lead's state is missing or not a state, then the time is Sydney's (the product's home clock) with no label", () => {
    expect(leadDayTime(null, AT, "Australia/Perth")).toBe("Wed 25 Nov, 12:27 pm");
    expect(leadDayTime("Qld.", AT, "Australia/Perth")).toBe("Wed 25 Nov, 12:27 pm");
  });

  it("when the phone's clock shows the same time as the lead's, then no label, whatever the zone's name", () => {
    // Melbourne and Canberra keep Sydney's time all year.
    expect(whoseClock("VIC", "Australia/Sydney", new Date(AT))).toBe("");
    expect(whoseClock("ACT", "Australia/Sydney", new Date(AT))).toBe("");
    // Brisbane keeps no daylight saving: an hour behind Sydney in summer, the same in winter.
    expect(whoseClock("QLD", "Australia/Sydney", new Date(AT))).toBe(" QLD time");
    expect(whoseClock("QLD", "Australia/Sydney", new Date("2026-07-01T01:27:00Z"))).toBe("");
  });

  it("when the phone's zone is not known (the server drawing the first screen), then no label is guessed", () => {
    expect(whoseClock("WA", undefined, new Date(AT))).toBe("");
    expect(leadDayTime("WA", AT, undefined)).toBe("Wed 25 Nov, 9:27 am");
  });
});
