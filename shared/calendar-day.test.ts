// One parser for every date on the wire (docs/decisions/075-limits-and-edges.md): every real day
// of four years passes, leap days only in leap years, and nothing else does.
import { describe, expect, it } from "vitest";
import { calendarDay, instantOrDay, isCalendarDay, isIsoInstant } from "./calendar-day";

describe("calendar days", () => {
  it("when every day of 2026 to 2029 is written YYYY-MM-DD, then each is a calendar day, and the day after each month's last is not", () => {
    let count = 0;
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2030, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(isCalendarDay(day), day).toBe(true);
      count += 1;
    }
    expect(count).toBe(365 * 3 + 366);
    for (const impossible of [
      "2027-02-29",
      "2027-02-30",
      "2026-04-31",
      "2026-06-31",
      "2026-09-31",
      "2026-11-31",
      "2026-12-32",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
    ])
      expect(isCalendarDay(impossible), impossible).toBe(false);
    expect(isCalendarDay("2028-02-29")).toBe(true);
  });

  it("when a day is written any other way, then it is refused", () => {
    for (const shape of ["2026-2-3", "26-02-03", "2026/02/03", "03-02-2026", "2026-02-03T00:00:00Z", " 2026-02-03x", "", "0000-01-01"])
      expect(isCalendarDay(shape), shape).toBe(false);
    expect(calendarDay("bad").safeParse(" 2026-02-03 ").data).toBe("2026-02-03");
  });

  it("when an instant names an impossible day or hour, then it is refused; a real one, a day or a Date is a moment", () => {
    expect(isIsoInstant("2027-02-28T13:00:00Z")).toBe(true);
    expect(isIsoInstant("2027-02-28T13:00:00.123+10:00")).toBe(true);
    for (const bad of ["2027-02-30T01:00:00Z", "2027-02-28T24:00:00Z", "2027-02-28T13:60:00Z", "2027-02-28T13:00:00", "2027-02-28"])
      expect(isIsoInstant(bad), bad).toBe(false);
    const moment = instantOrDay("bad");
    expect(moment.parse("2027-02-28").toISOString()).toBe("2027-02-28T12:59:59.999Z");
    expect(moment.parse("2027-02-28T13:00:00Z").toISOString()).toBe("2027-02-28T13:00:00.000Z");
    expect(moment.safeParse("2027-02-30").error?.issues[0]?.message).toBe("bad");
  });
});
