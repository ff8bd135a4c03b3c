// Customers' quiet hours and the promise's wording on the state's own clock
// (docs/decisions/046-one-outbox.md): the edges of 21:00-07:00, Perth against Sydney, and the
// change to daylight saving in Sydney.
import { describe, expect, it } from "vitest";
import { formatStateDayTime } from "../../../shared/state-time-text";
import { afterQuietHours } from "./quiet-hours";
import { perth, sydney } from "./test/messages";

describe("quiet hours", () => {
  it.each([
    ["06:59", "2026-11-24 07:00"],
    ["07:00", null],
    ["20:59", null],
    ["21:00", "2026-11-25 07:00"],
    ["23:59", "2026-11-25 07:00"],
    ["00:00", "2026-11-24 07:00"],
  ])("when it is %s in Sydney on 24 Nov, then a message is due %s (null: at once)", (time, due) => {
    const now = sydney(`2026-11-24 ${time}`);
    expect(afterQuietHours("NSW", now)).toEqual(due ? sydney(due) : now);
  });

  it("when it is 04:30 in Perth and 07:30 in Sydney, then WA waits for Perth's 07:00 and NSW goes now", () => {
    const now = perth("2026-11-24 04:30");
    expect(afterQuietHours("WA", now)).toEqual(perth("2026-11-24 07:00"));
    expect(afterQuietHours("NSW", now)).toEqual(now);
    expect(afterQuietHours(null, now)).toEqual(now);
  });

  it("when Sydney moves to daylight saving overnight (4 Oct 2026), then 07:00 is 07:00 on the new clock", () => {
    // 22:00 AEST on 3 Oct; the next morning's 07:00 is AEDT (UTC+11).
    expect(afterQuietHours("NSW", new Date("2026-10-03T22:00:00+10:00"))).toEqual(new Date("2026-10-04T07:00:00+11:00"));
  });
});

describe("the promise's wording", () => {
  it.each([
    ["2026-11-24 00:05", "NSW", "12:05 am Tue 24 Nov"],
    ["2026-11-24 12:00", "NSW", "12:00 pm Tue 24 Nov"],
    ["2026-11-24 20:30", "VIC", "8:30 pm Tue 24 Nov"],
    ["2026-11-24 10:00", "WA", "7:00 am Tue 24 Nov"],
    ["2026-12-01 08:09", "QLD", "7:09 am Tue 1 Dec"],
  ])("when the instant is %s in Sydney, then in %s it reads %s", (wall, state, text) => {
    expect(formatStateDayTime(sydney(wall), state)).toBe(text);
  });
});
