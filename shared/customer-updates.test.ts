// The pure rules of keeping the customer informed (docs/decisions/049-missed-promises-and-refunds.md,
// "Keeping the customer informed", "The calendar feed"): the ETA, the evening before on the
// state's clock, when the card offers "On my way", and the feed's token kept out of logs.
import { describe, expect, it } from "vitest";
import { withoutCalendarToken } from "./calendar-feed";
import { ETA_MESSAGE, etaWords, eveningBeforeAt, offersOnMyWay, onMyWayRequest, parseEtaMinutes, sameStateDay } from "./customer-updates";

describe("the ETA", () => {
  it("when minutes are typed, then whole numbers from 5 to 240 pass and anything else says what to enter", () => {
    expect([" 25 ", "5", "240"].map(parseEtaMinutes)).toEqual([
      { ok: true, minutes: 25 },
      { ok: true, minutes: 5 },
      { ok: true, minutes: 240 },
    ]);
    for (const typed of ["", "4", "241", "2.5", "-10", "abc", "1e2", "0020x"])
      expect(parseEtaMinutes(typed), typed).toEqual({ ok: false, message: ETA_MESSAGE });
    expect(onMyWayRequest.safeParse({ etaMinutes: 60 }).success).toBe(true);
    expect(onMyWayRequest.safeParse({ etaMinutes: "60" }).success).toBe(false);
  });

  it("when the minutes are said in words, then under an hour in minutes, then hours", () => {
    expect([5, 20, 59, 60, 90, 120, 240].map(etaWords)).toEqual([
      "about 5 minutes",
      "about 20 minutes",
      "about 59 minutes",
      "about 1 hour",
      "about 1 h 30 min",
      "about 2 hours",
      "about 4 hours",
    ]);
  });
});

describe("the evening before", () => {
  it("when a job starts at 9:30 am Wednesday, then its reminder is due 6:00 pm Tuesday on the customer's own state's clock", () => {
    expect(eveningBeforeAt(new Date("2026-11-24T22:30:00Z"), "NSW")).toEqual(new Date("2026-11-24T07:00:00Z"));
    expect(eveningBeforeAt(new Date("2026-11-25T01:30:00Z"), "WA")).toEqual(new Date("2026-11-24T10:00:00Z"));
    expect(eveningBeforeAt(new Date("2026-11-24T23:00:00Z"), "SA")).toEqual(new Date("2026-11-24T07:30:00Z"));
    // No state: Sydney's clock.
    expect(eveningBeforeAt(new Date("2026-11-24T22:30:00Z"), null)).toEqual(new Date("2026-11-24T07:00:00Z"));
  });

  it("when the job is on the 1st of a month, or the day after daylight saving starts, then the day before is counted on the wall clock", () => {
    // 8:00 am Tuesday 1 December in Sydney (UTC+11): 6:00 pm Monday 30 November.
    expect(eveningBeforeAt(new Date("2026-11-30T21:00:00Z"), "NSW")).toEqual(new Date("2026-11-30T07:00:00Z"));
    // Daylight saving starts 2:00 am Sunday 4 October 2026: a Monday 8:00 am job (UTC+11) is reminded 6:00 pm Sunday (UTC+11).
    expect(eveningBeforeAt(new Date("2026-10-04T21:00:00Z"), "NSW")).toEqual(new Date("2026-10-04T07:00:00Z"));
    // Queensland keeps no daylight saving: 6:00 pm Sunday is 08:00 UTC.
    expect(eveningBeforeAt(new Date("2026-10-04T22:00:00Z"), "QLD")).toEqual(new Date("2026-10-04T08:00:00Z"));
  });

  it("when two instants are compared, then by the state's calendar day", () => {
    expect(sameStateDay(new Date("2026-11-24T12:59:00Z"), new Date("2026-11-24T13:01:00Z"), "NSW")).toBe(false);
    expect(sameStateDay(new Date("2026-11-24T12:59:00Z"), new Date("2026-11-24T13:01:00Z"), "WA")).toBe(true);
  });
});

describe("the card's On my way", () => {
  it("when the job is a market job not declined or paid, then it is offered; never on an own job", () => {
    const job = (salesStage: string, source = "quote_form") => ({ salesStage, lead: { source } });
    expect(["purchased", "called", "quote_sent", "quote_accepted", "booked_in"].every((s) => offersOnMyWay(job(s)))).toBe(true);
    expect([job("declined"), job("invoice_paid"), job("booked_in", "provider_manual")].some(offersOnMyWay)).toBe(false);
  });
});

describe("the feed's address in a log", () => {
  it("when a path carries a feed's token, in any case, doubled slashes or an encoded slash, then it is written /api/calendar/*", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
    for (const path of [`/api/calendar/${token}.ics`, `//API//Calendar/${token}.ics`, `/api/calendar%2F${token}.ics`, `/api/calendar%2f${token}`]) {
      expect(withoutCalendarToken(path), path).not.toContain(token);
    }
    expect(withoutCalendarToken(`/api/calendar/${token}.ics`)).toBe("/api/calendar/*");
    expect(withoutCalendarToken("/api/calendar-feed")).toBe("/api/calendar-feed");
  });
});
