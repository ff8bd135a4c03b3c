// Each state's holidays for 2026 and 2027, and business days counted on the state's own clock
// (docs/decisions/104-compliance-deadlines.md): weekends and that state's holidays skipped, the
// deadline the last instant of the day, across long weekends, Christmas and daylight saving.
import { describe, expect, it } from "vitest";
import { isCalendarDay } from "./calendar-day";
import { addBusinessDays, endOfStateDay, PUBLIC_HOLIDAYS } from "./public-holidays";
import { AUSTRALIAN_STATES } from "./state-time";

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe("the holidays listed", () => {
  it("when any state's list is read, then every date is a real calendar day in 2026 or 2027 and every name is words", () => {
    for (const state of AUSTRALIAN_STATES) {
      for (const [day, name] of Object.entries(PUBLIC_HOLIDAYS[state])) {
        expect(isCalendarDay(day), `${state} ${day}`).toBe(true);
        expect(["2026", "2027"]).toContain(day.slice(0, 4));
        expect(name.length).toBeGreaterThan(3);
      }
    }
  });

  it("when the national holidays are looked for, then every state has them on their days, with the additional days after a Christmas and Boxing Day weekend", () => {
    const national = [
      "2026-01-01", // New Year's Day
      "2026-01-26", // Australia Day
      "2026-04-03", // Good Friday
      "2026-04-06", // Easter Monday
      "2026-04-25", // Anzac Day
      "2026-12-25", // Christmas Day
      "2026-12-26", // Boxing Day (Proclamation Day in SA), a Saturday
      "2026-12-28", // its Monday
      "2027-01-01",
      "2027-01-26",
      "2027-03-26",
      "2027-03-29",
      "2027-04-25",
      "2027-12-25", // a Saturday
      "2027-12-26", // a Sunday
      "2027-12-27", // Christmas Day's Monday
      "2027-12-28", // Boxing Day's Tuesday
    ];
    for (const state of AUSTRALIAN_STATES) {
      expect(national.filter((day) => PUBLIC_HOLIDAYS[state][day] === undefined)).toEqual([]);
    }
  });

  it("when Anzac Day is a weekend, then the Monday is a holiday as each state observes it: a Saturday in WA and the ACT only, a Sunday also in QLD, SA and the NT, never in NSW, VIC or TAS", () => {
    const statesWith = (day: string) => AUSTRALIAN_STATES.filter((state) => PUBLIC_HOLIDAYS[state][day] !== undefined);
    expect(statesWith("2026-04-27")).toEqual(["WA", "ACT"]);
    expect(statesWith("2027-04-26")).toEqual(["QLD", "SA", "WA", "NT", "ACT"]);
  });

  it("when a state's own days are looked for, then each is there and not in a state that does not keep it", () => {
    expect(PUBLIC_HOLIDAYS.WA["2026-06-01"]).toBe("Western Australia Day");
    expect(PUBLIC_HOLIDAYS.ACT["2026-06-01"]).toBe("Reconciliation Day");
    expect(PUBLIC_HOLIDAYS.NSW["2026-06-01"]).toBeUndefined();
    expect(PUBLIC_HOLIDAYS.VIC["2026-11-03"]).toBe("Melbourne Cup");
    expect(PUBLIC_HOLIDAYS.QLD["2026-10-05"]).toBe("King's Birthday");
    expect(PUBLIC_HOLIDAYS.WA["2026-10-05"]).toBeUndefined();
    // Part-state and public-service-only days are left out (decision 104): Tasmania's Easter Tuesday, Brisbane's show day.
    expect(PUBLIC_HOLIDAYS.TAS["2026-04-07"]).toBeUndefined();
    expect(PUBLIC_HOLIDAYS.QLD["2026-08-12"]).toBeUndefined();
  });
});

describe("the end of a day on the state's clock", () => {
  it("when the clocks go forward in NSW on Sunday 4 October 2026, then that day ends 23 hours after the Saturday; Brisbane's does not move", () => {
    expect(iso(endOfStateDay("NSW", { year: 2026, month: 10, day: 3 }))).toBe("2026-10-03T13:59:59.999Z");
    expect(iso(endOfStateDay("NSW", { year: 2026, month: 10, day: 4 }))).toBe("2026-10-04T12:59:59.999Z");
    expect(iso(endOfStateDay("QLD", { year: 2026, month: 10, day: 4 }))).toBe("2026-10-04T13:59:59.999Z");
  });
});

describe("business days on the state's clock", () => {
  it("when one business day is added to Friday 29 May 2026, then WA skips Western Australia Day and the ACT Reconciliation Day; NSW works that Monday", () => {
    const friday = at("2026-05-29T04:00:00Z"); // 2:00 pm in Sydney and Canberra, 12:00 pm in Perth
    expect(iso(addBusinessDays("WA", friday, 1))).toBe("2026-06-02T15:59:59.999Z");
    expect(iso(addBusinessDays("ACT", friday, 1))).toBe("2026-06-02T13:59:59.999Z");
    expect(iso(addBusinessDays("NSW", friday, 1))).toBe("2026-06-01T13:59:59.999Z");
  });

  it("when a NSW count starts on the Friday before Labour Day and the clocks go forward that Sunday, then the day counted is Tuesday, ending on daylight time", () => {
    expect(iso(addBusinessDays("NSW", at("2026-10-02T07:00:00Z"), 1))).toBe("2026-10-06T12:59:59.999Z");
  });

  it("when an SA count starts on Christmas Eve 2026, then Christmas Day and Proclamation Day's Monday are skipped, and the third day is New Year's Eve", () => {
    expect(iso(addBusinessDays("SA", at("2026-12-24T01:00:00Z"), 3))).toBe("2026-12-31T13:29:59.999Z");
  });

  it("when a VIC count starts on the Monday before Melbourne Cup, then Cup day is skipped", () => {
    expect(iso(addBusinessDays("VIC", at("2026-11-01T23:00:00Z"), 1))).toBe("2026-11-04T12:59:59.999Z");
  });

  it("when a TAS count crosses Easter 2026, then Good Friday and Easter Monday are skipped but Easter Tuesday counts, on standard time after the clocks went back", () => {
    expect(iso(addBusinessDays("TAS", at("2026-04-02T00:00:00Z"), 1))).toBe("2026-04-07T13:59:59.999Z");
  });

  it("when the event is on a Saturday, then the first business day is the Monday", () => {
    expect(iso(addBusinessDays("QLD", at("2026-06-06T02:00:00Z"), 1))).toBe("2026-06-08T13:59:59.999Z");
  });

  it("when a count runs past 2027, then only weekends are skipped there (Monday 3 January 2028 counts), a day early rather than late", () => {
    expect(iso(addBusinessDays("QLD", at("2027-12-31T00:00:00Z"), 1))).toBe("2028-01-03T13:59:59.999Z");
  });
});
