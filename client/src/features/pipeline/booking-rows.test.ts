// The card's "Offer times" rows (docs/decisions/102-booking-windows.md): checked as they are typed
// by the shared rules, on the wall clock of the lead's state (Perth here, whatever the machine's
// zone), half-typed rows left alone until Send, and the server's 400 put back under its row.
import { describe, expect, it } from "vitest";
import { WINDOW_MESSAGES } from "@shared/booking-windows";
import type { PurchasedLead } from "@shared/pipeline";
import { bookedFor, checkRows, mayAddRow, nextRow, rowSpan, serverProblems, tomorrowIn, zoneLabel } from "./booking-rows";

// 7:00 am on Tuesday 24 November 2026 in Perth (UTC+8, no daylight saving).
const NOW = new Date("2026-11-23T23:00:00Z");
const perth = { state: "WA", now: NOW, booked: [], tried: false };
const row = (date: string, start: string, end: string) => ({ date, start, end });

describe("checking the rows as they are typed", () => {
  it("when a window is typed in full and keeps every rule, then it has no problems and the offer is ready", () => {
    const check = checkRows([row("2026-11-25", "09:00", "11:00")], perth);
    expect(check).toEqual({ problems: [[]], ready: true });
  });

  it("when a row is half typed, then nothing is said until Send, and after Send each empty field is named", () => {
    const rows = [row("2026-11-25", "09:00", "")];
    expect(checkRows(rows, perth)).toEqual({ problems: [[]], ready: false });
    expect(checkRows(rows, { ...perth, tried: true }).problems).toEqual([[{ field: "end", message: WINDOW_MESSAGES.time }]]);
  });

  it("when a window is too short, off the quarter hour or already started, then the row says which rule, under the field", () => {
    const { problems, ready } = checkRows(
      [row("2026-11-25", "09:00", "09:30"), row("2026-11-25", "13:10", "15:00"), row("2026-11-24", "06:00", "08:00")],
      perth,
    );
    expect(ready).toBe(false);
    expect(problems[0]).toEqual([{ field: "end", message: WINDOW_MESSAGES.length }]);
    expect(problems[1]).toEqual([{ field: "start", message: WINDOW_MESSAGES.quarter }]);
    // 6:00 am Perth on the 24th is an hour before now.
    expect(problems[2]).toEqual([{ field: "start", message: WINDOW_MESSAGES.past }]);
  });

  it("when two windows overlap, then both rows say so; a window past 60 days ahead is too far", () => {
    const { problems } = checkRows([row("2026-11-25", "09:00", "11:00"), row("2026-11-25", "10:00", "12:00"), row("2027-02-01", "09:00", "11:00")], perth);
    expect(problems[0]).toEqual([{ field: "start", message: WINDOW_MESSAGES.overlapsWindow }]);
    expect(problems[1]).toEqual([{ field: "start", message: WINDOW_MESSAGES.overlapsWindow }]);
    expect(problems[2]).toEqual([{ field: "date", message: WINDOW_MESSAGES.tooFar }]);
  });

  it("when a window overlaps a job already booked for who comes, then the row says so", () => {
    // 10:00 am to noon Perth on the 25th.
    const booked = [{ startsAt: new Date("2026-11-25T02:00:00Z"), endsAt: new Date("2026-11-25T04:00:00Z") }];
    expect(checkRows([row("2026-11-25", "11:00", "13:00")], { ...perth, booked }).problems).toEqual([
      [{ field: "start", message: WINDOW_MESSAGES.overlapsBooking }],
    ]);
    expect(checkRows([row("2026-11-25", "12:00", "14:00")], { ...perth, booked }).ready).toBe(true);
  });

  it("when a time is one the clocks skip (Sydney's spring forward), then the row says the clocks go forward", () => {
    const now = new Date("2026-09-20T00:00:00Z");
    const { problems } = checkRows([row("2026-10-04", "02:30", "04:00")], { state: "NSW", now, booked: [], tried: false });
    expect(problems[0]).toContainEqual({ field: "start", message: WINDOW_MESSAGES.skipped });
  });

  it("when a row is read as instants, then it is Perth's clock, not the machine's: 9:00 am WA is 01:00 UTC", () => {
    expect(rowSpan(row("2026-11-25", "09:00", "11:00"), "WA")).toEqual({
      startsAt: new Date("2026-11-25T01:00:00Z"),
      endsAt: new Date("2026-11-25T03:00:00Z"),
    });
    // Sydney's daylight saving in November: 9:00 am is 22:00 UTC the day before.
    expect(rowSpan(row("2026-11-25", "09:00", "11:00"), "NSW")!.startsAt).toEqual(new Date("2026-11-24T22:00:00Z"));
    expect(rowSpan(row("2026-11-25", "09:00", ""), "WA")).toBeNull();
  });
});

describe("the rows around the check", () => {
  it("when the dialog names its clock, then it is the state's city with the state", () => {
    expect(zoneLabel("WA")).toBe("Perth time (WA)");
    expect(zoneLabel("qld")).toBe("Brisbane time (QLD)");
    expect(zoneLabel(null)).toBe("Sydney time");
  });

  it("when the first row opens, then its day is tomorrow on the state's clock", () => {
    // 1:00 am on the 24th in Perth is still the 23rd in UTC.
    expect(tomorrowIn("WA", new Date("2026-11-23T17:00:00Z"))).toBe("2026-11-25");
    expect(tomorrowIn("WA", new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-02");
  });

  it("when a row is added, then it keeps the last row's day, and four rows are the most", () => {
    const rows = [row("2026-11-25", "09:00", "11:00")];
    expect(nextRow(rows)).toEqual(row("2026-11-25", "", ""));
    expect(mayAddRow(rows)).toBe(true);
    expect(mayAddRow([...rows, ...rows, ...rows, ...rows])).toBe(false);
  });

  it("when the server refuses the offer, then each message goes under the row and field its key names (without its Window N), the rest apart", () => {
    const refused = serverProblems(
      { "windows.1.end": "Window 2: A window is 1 to 4 hours long", reason: WINDOW_MESSAGES.reasonNeeded, windows: WINDOW_MESSAGES.count },
      2,
    );
    expect(refused.rows).toEqual([[], [{ field: "end", message: "A window is 1 to 4 hours long" }]]);
    expect(refused.other).toEqual({ reason: WINDOW_MESSAGES.reasonNeeded, windows: WINDOW_MESSAGES.count });
  });

  it("when other jobs are booked, then only those of whoever comes to this one count against its windows", () => {
    const job = (id: number, assignedTo: number | null, salesStage: string, jobStartsAt: string | null, jobEndsAt: string | null = null) =>
      ({ id, buyerId: 3, assignedTo, salesStage, jobStartsAt, jobEndsAt }) as unknown as PurchasedLead;
    const pipeline = [
      job(1, null, "booked_in", "2026-11-25T01:00:00.000Z", "2026-11-25T04:00:00.000Z"),
      job(2, 7, "booked_in", "2026-11-25T01:00:00.000Z"),
      job(3, null, "called", "2026-11-25T01:00:00.000Z"),
      job(4, null, "booked_in", "2026-11-26T01:00:00.000Z"),
      job(5, null, "booked_in", "2026-11-27T01:00:00.000Z"),
      // Assigned to the owner who bought it: the same person as unassigned.
      job(6, 3, "booked_in", "2026-11-28T01:00:00.000Z"),
    ];
    expect(bookedFor({ id: 5, assignedTo: null, buyerId: 3 }, pipeline)).toEqual([
      { startsAt: new Date("2026-11-25T01:00:00Z"), endsAt: new Date("2026-11-25T04:00:00Z") },
      // No end of its own: two hours on a calendar (shared jobEndOf).
      { startsAt: new Date("2026-11-26T01:00:00Z"), endsAt: new Date("2026-11-26T03:00:00Z") },
      { startsAt: new Date("2026-11-28T01:00:00Z"), endsAt: new Date("2026-11-28T03:00:00Z") },
    ]);
  });
});
