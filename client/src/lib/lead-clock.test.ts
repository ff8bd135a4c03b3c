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

  it("when the lead's state is unknown, then the time is Sydney's (the product's home clock) with no label", () => {
    expect(leadDayTime(null, AT, "Australia/Perth")).toBe("Wed 25 Nov, 12:27 pm");
    expect(whoseClock(null, "Australia/Perth")).toBe("");
  });

  it("when ACT's job is read on a Sydney phone, then no label: the ACT keeps Sydney's clock", () => {
    expect(whoseClock("ACT", "Australia/Sydney")).toBe("");
    expect(whoseClock("QLD", "Australia/Sydney")).toBe(" QLD time");
  });

  it("when the phone's zone is not known, then no label is guessed", () => {
    expect(whoseClock("WA", undefined)).toBe("");
  });
});
