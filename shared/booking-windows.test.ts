// The booking window rules (docs/decisions/102-booking-windows.md) on the wall clock of the
// lead's state: quarter hours, 1-4 hours of real time across daylight-saving changes, times the
// clocks skip, WA without daylight saving and SA's half-hour zone, the past, 60 days, overlaps.
import { describe, expect, it } from "vitest";
import { checkWindows, offerWindowsRequest, problemText, windowText, type WindowInput, type WindowSpan } from "./booking-windows";

const at = (iso: string) => new Date(iso);
const check = (state: string, now: string, windows: WindowInput[], booked: WindowSpan[] = []) => checkWindows(windows, { state, now: at(now), booked });
const rulesOf = (result: ReturnType<typeof checkWindows>) => (result.ok ? [] : result.problems.map((p) => [p.index, p.field, p.rule]));
const spansOf = (result: ReturnType<typeof checkWindows>) => (result.ok ? result.windows.map((w) => [w.startsAt.toISOString(), w.endsAt.toISOString()]) : null);

describe("a window's times on the state's clock", () => {
  it("when a NSW window is 9:00-11:00 in summer, then it is 22:00-00:00 UTC the day before (UTC+11)", () => {
    expect(spansOf(check("NSW", "2026-11-24T00:00:00Z", [{ date: "2026-12-02", start: "09:00", end: "11:00" }]))).toEqual([
      ["2026-12-01T22:00:00.000Z", "2026-12-02T00:00:00.000Z"],
    ]);
  });

  it("when a WA window is 9:00-11:00, then it is 01:00-03:00 UTC in any season (Perth keeps UTC+8), and 2:30 am on NSW's change night exists there", () => {
    expect(spansOf(check("WA", "2026-11-24T00:00:00Z", [{ date: "2026-12-02", start: "09:00", end: "11:00" }]))).toEqual([
      ["2026-12-02T01:00:00.000Z", "2026-12-02T03:00:00.000Z"],
    ]);
    expect(spansOf(check("WA", "2026-09-20T00:00:00Z", [{ date: "2026-10-04", start: "02:30", end: "04:00" }]))).toEqual([
      ["2026-10-03T18:30:00.000Z", "2026-10-03T20:00:00.000Z"],
    ]);
  });

  it("when an SA window is 10:00-12:30 in summer, then it is on Adelaide's half-hour zone (UTC+10:30)", () => {
    expect(spansOf(check("SA", "2026-11-24T00:00:00Z", [{ date: "2026-12-02", start: "10:00", end: "12:30" }]))).toEqual([
      ["2026-12-01T23:30:00.000Z", "2026-12-02T02:00:00.000Z"],
    ]);
  });
});

describe("across daylight-saving changes", () => {
  // NSW and SA move their clocks from 2:00 to 3:00 on Sunday 4 October 2026, and back from 3:00 to 2:00 on Sunday 4 April 2027.
  it("when a window starts at 2:15 am on the night the clocks go forward, then the start does not exist, in NSW and in SA", () => {
    for (const state of ["NSW", "SA"]) {
      expect(rulesOf(check(state, "2026-09-20T00:00:00Z", [{ date: "2026-10-04", start: "02:15", end: "04:00" }]))).toEqual([[0, "start", "skipped"]]);
    }
  });

  it("when a NSW window is 1:00-3:00 on that night, then it is one real hour and allowed; 1:30-3:00 is 30 minutes and refused", () => {
    expect(spansOf(check("NSW", "2026-09-20T00:00:00Z", [{ date: "2026-10-04", start: "01:00", end: "03:00" }]))).toEqual([
      ["2026-10-03T15:00:00.000Z", "2026-10-03T16:00:00.000Z"],
    ]);
    expect(rulesOf(check("NSW", "2026-09-20T00:00:00Z", [{ date: "2026-10-04", start: "01:30", end: "03:00" }]))).toEqual([[0, "end", "length"]]);
  });

  it("when the clocks go back, then a NSW window of 3½ hours on the wall, 0:00-3:30, is 4½ real hours and refused; 0:30-3:30 is 4 and allowed", () => {
    expect(rulesOf(check("NSW", "2027-03-01T00:00:00Z", [{ date: "2027-04-04", start: "00:00", end: "03:30" }]))).toEqual([[0, "end", "length"]]);
    const allowed = check("NSW", "2027-03-01T00:00:00Z", [{ date: "2027-04-04", start: "00:30", end: "03:30" }]);
    expect(spansOf(allowed)).toEqual([["2027-04-03T13:30:00.000Z", "2027-04-03T17:30:00.000Z"]]);
  });

  it("when the clocks go back in NSW, then a WA window the same night, 0:00-3:30, is the 3½ hours the wall says", () => {
    expect(spansOf(check("WA", "2027-03-01T00:00:00Z", [{ date: "2027-04-04", start: "00:00", end: "03:30" }]))).toEqual([
      ["2027-04-03T16:00:00.000Z", "2027-04-03T19:30:00.000Z"],
    ]);
  });
});

describe("each rule names its window", () => {
  const now = "2026-11-24T00:00:00Z"; // 11:00 am in Sydney
  it("when a time is not on a quarter hour, then that field is refused", () => {
    expect(rulesOf(check("NSW", now, [{ date: "2026-12-02", start: "09:10", end: "11:00" }]))).toEqual([[0, "start", "quarter"]]);
    expect(rulesOf(check("NSW", now, [{ date: "2026-12-02", start: "09:00", end: "11:05" }]))).toEqual([[0, "end", "quarter"]]);
  });

  it("when a window is 45 minutes, or 4¼ hours, or ends before it starts, then its end is refused", () => {
    for (const end of ["09:45", "13:15", "08:00"]) {
      expect(rulesOf(check("NSW", now, [{ date: "2026-12-02", start: "09:00", end }]))).toEqual([[0, "end", "length"]]);
    }
    expect(rulesOf(check("NSW", now, [{ date: "2026-12-02", start: "09:00", end: "13:00" }]))).toEqual([]);
  });

  it("when a window has started, or starts more than 60 days ahead, then it is refused; 60 days is allowed", () => {
    expect(rulesOf(check("NSW", now, [{ date: "2026-11-24", start: "11:00", end: "12:00" }]))).toEqual([[0, "start", "past"]]);
    expect(rulesOf(check("NSW", now, [{ date: "2026-11-24", start: "11:15", end: "12:15" }]))).toEqual([]);
    expect(rulesOf(check("NSW", now, [{ date: "2027-01-23", start: "10:45", end: "12:00" }]))).toEqual([]);
    expect(rulesOf(check("NSW", now, [{ date: "2027-01-23", start: "11:15", end: "12:15" }]))).toEqual([[0, "date", "tooFar"]]);
  });

  it("when two windows overlap, then both are named; touching windows are fine; a booked job of who comes is not overlapped", () => {
    const windows = [
      { date: "2026-12-02", start: "09:00", end: "11:00" },
      { date: "2026-12-02", start: "10:30", end: "12:00" },
      { date: "2026-12-02", start: "12:00", end: "13:00" },
    ];
    const result = check("NSW", now, windows);
    expect(rulesOf(result)).toEqual([
      [0, "start", "overlapsWindow"],
      [1, "start", "overlapsWindow"],
    ]);
    expect(result.ok ? null : problemText(result.problems[1]!)).toBe("Window 2: It overlaps another window in this offer");
    const booked = [{ startsAt: at("2026-12-02T01:00:00Z"), endsAt: at("2026-12-02T03:00:00Z") }]; // 12:00-2:00 pm in Sydney
    expect(rulesOf(check("NSW", now, [windows[0]!, windows[2]!], booked))).toEqual([[1, "start", "overlapsBooking"]]);
  });

  it("when an offer holds no window or five, or a time is not HH:MM, then the request's schema refuses it", () => {
    const one = { date: "2026-12-02", start: "09:00", end: "11:00" };
    expect(offerWindowsRequest.safeParse({ windows: [], version: 1 }).success).toBe(false);
    expect(offerWindowsRequest.safeParse({ windows: Array(5).fill(one), version: 1 }).success).toBe(false);
    expect(offerWindowsRequest.safeParse({ windows: [{ ...one, start: "9am" }], version: 1 }).success).toBe(false);
    expect(offerWindowsRequest.safeParse({ windows: [{ ...one, date: "2026-02-30" }], version: 1 }).success).toBe(false);
    expect(offerWindowsRequest.safeParse({ windows: [one], version: 1 }).success).toBe(true);
  });
});

describe("a window in words", () => {
  it("when shown to a Perth customer, then the day and both times are Perth's", () => {
    expect(windowText({ startsAt: at("2026-12-02T01:00:00Z"), endsAt: at("2026-12-02T03:30:00Z") }, "WA")).toBe("9:00 am - 11:30 am Wed 2 Dec");
    expect(windowText({ startsAt: at("2026-12-02T01:00:00Z"), endsAt: at("2026-12-02T03:30:00Z") }, "NSW")).toBe("12:00 pm - 2:30 pm Wed 2 Dec");
  });
});
