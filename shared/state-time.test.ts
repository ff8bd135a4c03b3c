import { describe, expect, it } from "vitest";
import { AUSTRALIAN_STATES, instantOfWallClock, wallClockIn, zoneOfState } from "./state-time";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (zone: string) => {
  const made =
    formats.get(zone) ??
    new Intl.DateTimeFormat("en-AU", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
  formats.set(zone, made);
  return made;
};

/** The wall clock as Intl itself gives it, for each instant: what the kept offsets must agree with. */
function askIntl(zone: string, instant: Date) {
  const part = Object.fromEntries(
    formatOf(zone)
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: part.year, month: part.month, day: part.day, hour: part.hour, minute: part.minute, second: part.second };
}

const zones = [...new Set(AUSTRALIAN_STATES.map(zoneOfState))];

/** Each midnight UTC, a day apart over the years given, where a zone's offset differs from the day before's. */
function changesOf(zone: string, fromYear: number, toYear: number): number[] {
  const offsetAt = (at: number) => {
    const w = askIntl(zone, new Date(at));
    return Date.UTC(w.year!, w.month! - 1, w.day!, w.hour!, w.minute!) - at;
  };
  const changes: number[] = [];
  for (let at = Date.UTC(fromYear, 0, 1); at < Date.UTC(toYear + 1, 0, 1); at += DAY) {
    if (offsetAt(at) !== offsetAt(at - DAY)) changes.push(at);
  }
  return changes;
}

describe("wall clocks from kept offsets", () => {
  /** Reads every minute of the 24 hours before each change found (and a second into each) against Intl; the changes read. */
  function everyMinuteAroundChanges(fromYear: number, toYear: number) {
    let changes = 0;
    for (const zone of zones) {
      for (const day of changesOf(zone, fromYear, toYear)) {
        changes++;
        for (let at = day - DAY; at <= day; at += MINUTE) {
          for (const instant of [new Date(at), new Date(at + 1_500)]) {
            expect(wallClockIn(zone, instant), `${zone} at ${instant.toISOString()}`).toEqual(askIntl(zone, instant));
          }
        }
      }
    }
    return changes;
  }

  it("when the clocks change in each state's zone, then every minute around the change reads as Intl reads it", () => {
    // Sydney (NSW, ACT), Melbourne, Adelaide and Hobart change twice a year: 4 zones x 2 x 3 years.
    expect(everyMinuteAroundChanges(2025, 2027)).toBe(24);
  });

  it("when the clocks changed before 1970 (the war-time daylight saving of 1942), then those minutes read as Intl reads them", () => {
    // Every zone, Perth and Brisbane too, went forward on 1 January, back on 29 March and forward on 27 September: 7 zones x 3.
    expect(everyMinuteAroundChanges(1942, 1942)).toBe(21);
  });

  it("when two zones' names and quarters would run together as text, then each keeps its own offset", () => {
    // "Etc/GMT-12" in quarter 345 and "Etc/GMT-1" in quarter 2345 would both be "Etc/GMT-12345" without a separator.
    const first = new Date(345 * 15 * MINUTE);
    const second = new Date(2345 * 15 * MINUTE);
    expect(wallClockIn("Etc/GMT-12", first)).toEqual(askIntl("Etc/GMT-12", first));
    expect(wallClockIn("Etc/GMT-1", second)).toEqual(askIntl("Etc/GMT-1", second));
  });

  it("when an instant is any minute of a year, then it reads as Intl reads it in every zone", () => {
    for (const zone of zones) {
      // 7 hours and 13 minutes apart: every hour and quarter of the day comes round over the year.
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 433 * MINUTE) {
        expect(wallClockIn(zone, new Date(at))).toEqual(askIntl(zone, new Date(at)));
      }
    }
  });

  it("when Adelaide's clocks go forward at 2:00 (16:30 UTC, on a half hour), then the kept offset changes with them", () => {
    // 2026-10-04 02:00 ACST is 2026-10-03T16:30Z: the minute before reads 01:59, the minute of it 03:00.
    expect(wallClockIn("Australia/Adelaide", new Date("2026-10-03T16:29:00Z"))).toMatchObject({ day: 4, hour: 1, minute: 59 });
    expect(wallClockIn("Australia/Adelaide", new Date("2026-10-03T16:30:00Z"))).toMatchObject({ day: 4, hour: 3, minute: 0 });
    expect(instantOfWallClock("Australia/Adelaide", { year: 2026, month: 10, day: 4 }, 3, 0).toISOString()).toBe("2026-10-03T16:30:00.000Z");
  });

  it("when the instant is not a time, then it throws as Intl does", () => {
    expect(() => wallClockIn("Australia/Perth", new Date(Number.NaN))).toThrow(RangeError);
  });
});
