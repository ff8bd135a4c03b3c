// The pure rules of auto-buy (docs/decisions/063-auto-buy-orders.md): the moment a falling price
// reaches a maximum, the turn among orders, the Sydney day and Monday week of the caps (both 2026
// daylight-saving changes included), the caps' arithmetic and the pause.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AUTO_BUY_TIE_BREAK_TEXT, capWindows, compareForTurn, fitsCaps, isPausedAt, momentPriceReaches, type TieBreakCandidate } from "./auto-buy";
import { AUCTION_SECONDS, auctionPriceAt } from "./pricing";

const cents = (c: number) => (c / 100).toFixed(2);
const iso = (d: Date) => d.toISOString();

describe("momentPriceReaches", () => {
  const startedAt = fc.date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2027-12-31T00:00:00Z"), noInvalidDate: true });

  it("when the price starts above the maximum, then at the moment it is at or below it and one millisecond earlier it was above", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40_000 }), fc.integer({ min: 0, max: 40_000 }), startedAt, (startCents, maxCents, at) => {
        fc.pre(startCents > maxCents);
        const lead = { startingPrice: cents(startCents), auctionStartedAt: at };
        const moment = momentPriceReaches(lead, maxCents)!;
        expect(moment.getTime()).toBeGreaterThan(at.getTime());
        expect(moment.getTime()).toBeLessThanOrEqual(at.getTime() + AUCTION_SECONDS * 1000);
        expect(auctionPriceAt(lead.startingPrice, at, moment).priceCents).toBeLessThanOrEqual(maxCents);
        expect(auctionPriceAt(lead.startingPrice, at, new Date(moment.getTime() - 1)).priceCents).toBeGreaterThan(maxCents);
      }),
      { numRuns: 300 },
    );
  });

  it("when the price starts at or below the maximum, then the moment is the auction's start", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40_000 }), fc.integer({ min: 0, max: 100_000 }), startedAt, (startCents, extra, at) => {
        const moment = momentPriceReaches({ startingPrice: cents(startCents), auctionStartedAt: at.toISOString() }, startCents + extra);
        expect(moment?.getTime()).toBe(at.getTime());
      }),
    );
  });

  it("when the maximum is $25.00 on a $40.00 lead, then it is reached 22.5 minutes in, less half a cent's time", () => {
    const at = new Date("2026-11-25T00:00:00Z");
    // round(4000 × (1 − e/3600 s)) ≤ 2500 once 4000 × (1 − e/3600) rounds to 2500: e ≥ 1349.55 s (half up at 2500.5).
    expect(iso(momentPriceReaches({ startingPrice: "40.00", auctionStartedAt: at }, 2500)!)).toBe("2026-11-25T00:22:29.550Z");
    expect(momentPriceReaches({ startingPrice: "40.00", auctionStartedAt: at }, -1)).toBeNull();
  });
});

describe("compareForTurn", () => {
  const c = (orderId: number, maxPriceCents: number, ownerRecentAutoBuys: number, createdAt: string): TieBreakCandidate => ({
    orderId,
    maxPriceCents,
    ownerRecentAutoBuys,
    createdAt,
  });

  it("when orders want one lead, then the highest maximum goes first, then the fewest recent auto-buys, then the oldest order", () => {
    const expected = [
      c(5, 3000, 9, "2026-11-20T00:00:00Z"),
      c(3, 2500, 0, "2026-11-21T00:00:00Z"),
      c(1, 2500, 2, "2026-11-01T00:00:00Z"),
      c(2, 2500, 2, "2026-11-02T00:00:00Z"),
      c(7, 2500, 2, "2026-11-02T00:00:00Z"),
      c(4, 1000, 0, "2026-10-01T00:00:00Z"),
    ];
    fc.assert(
      fc.property(fc.shuffledSubarray(expected, { minLength: expected.length }), (shuffled) => {
        expect([...shuffled].sort(compareForTurn).map((x) => x.orderId)).toEqual(expected.map((x) => x.orderId));
      }),
    );
  });

  it("when the decision note is read, then it states the screen's tie-break word for word", () => {
    const note = readFileSync(new URL("../docs/decisions/063-auto-buy-orders.md", import.meta.url), "utf8");
    const quoted = note
      .split("\n")
      .filter((line) => line.startsWith("> "))
      .map((line) => line.slice(2))
      .join(" ");
    expect(quoted).toBe(AUTO_BUY_TIE_BREAK_TEXT);
  });

  it("when any two orders are compared both ways, then the answers are opposite", () => {
    const candidate = fc.record({
      orderId: fc.integer({ min: 1, max: 1000 }),
      maxPriceCents: fc.integer({ min: 1, max: 5 }),
      ownerRecentAutoBuys: fc.integer({ min: 0, max: 3 }),
      createdAt: fc.integer({ min: 0, max: 3 }).map((d) => new Date(Date.UTC(2026, 10, 1 + d))),
    });
    fc.assert(
      fc.property(candidate, candidate, (a, b) => {
        expect(Math.sign(compareForTurn(a, b))).toBe(-Math.sign(compareForTurn(b, a)) || 0);
      }),
    );
  });
});

describe("capWindows", () => {
  const windows = (at: string) => Object.fromEntries(Object.entries(capWindows(new Date(at))).map(([k, v]) => [k, iso(v)]));

  it("when it is a Wednesday in summer time, then the day is Sydney's and the week began on Monday", () => {
    expect(windows("2026-11-25T10:00:00+11:00")).toEqual({
      dayStart: "2026-11-24T13:00:00.000Z",
      dayEnd: "2026-11-25T13:00:00.000Z",
      weekStart: "2026-11-22T13:00:00.000Z",
      weekEnd: "2026-11-29T13:00:00.000Z",
    });
  });

  it("when summer time ends on Sunday 5 April 2026, then that day has 25 hours and the week ends at Monday's AEST midnight", () => {
    // 02:30 AEST, the second time the clock shows 02:30 that night.
    expect(windows("2026-04-05T02:30:00+10:00")).toEqual({
      dayStart: "2026-04-04T13:00:00.000Z",
      dayEnd: "2026-04-05T14:00:00.000Z",
      weekStart: "2026-03-29T13:00:00.000Z",
      weekEnd: "2026-04-05T14:00:00.000Z",
    });
  });

  it("when summer time starts on Sunday 4 October 2026, then that day has 23 hours and the week ends at Monday's AEDT midnight", () => {
    expect(windows("2026-10-04T03:30:00+11:00")).toEqual({
      dayStart: "2026-10-03T14:00:00.000Z",
      dayEnd: "2026-10-04T13:00:00.000Z",
      weekStart: "2026-09-27T14:00:00.000Z",
      weekEnd: "2026-10-04T13:00:00.000Z",
    });
  });

  it("when it is the last millisecond of Sunday night and then Monday's first, then the week turns between them", () => {
    const sunday = capWindows(new Date("2026-11-29T23:59:59.999+11:00"));
    const monday = capWindows(new Date("2026-11-30T00:00:00.000+11:00"));
    expect(iso(sunday.weekStart)).toBe("2026-11-22T13:00:00.000Z");
    expect(iso(sunday.weekEnd)).toBe("2026-11-29T13:00:00.000Z");
    expect(monday.weekStart.getTime()).toBe(sunday.weekEnd.getTime());
    expect(monday.dayStart.getTime()).toBe(sunday.dayEnd.getTime());
    expect(iso(monday.weekEnd)).toBe("2026-12-06T13:00:00.000Z");
  });

  it("when any instant of 2026 is taken, then it lies in its day, its day in its week, and the week starts at a Monday's Sydney midnight", () => {
    const mondayMidnight = new Intl.DateTimeFormat("en-AU", {
      timeZone: "Australia/Sydney",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    fc.assert(
      fc.property(fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2026-12-31T00:00:00Z"), noInvalidDate: true }), (at) => {
        const w = capWindows(at);
        expect(w.dayStart.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(w.dayEnd.getTime());
        expect(w.weekStart.getTime()).toBeLessThanOrEqual(w.dayStart.getTime());
        expect(w.dayEnd.getTime()).toBeLessThanOrEqual(w.weekEnd.getTime());
        expect(mondayMidnight.format(w.weekStart)).toBe("Mon 00:00");
        expect(mondayMidnight.format(w.weekEnd)).toBe("Mon 00:00");
        // Seven days, give or take the hour of a daylight-saving change.
        expect(Math.abs(w.weekEnd.getTime() - w.weekStart.getTime() - 7 * 86_400_000)).toBeLessThanOrEqual(3_600_000);
      }),
    );
  });
});

describe("fitsCaps", () => {
  const order = { maxPerDay: 3, maxPerWeekCents: 20_000 };

  it("when one more lead reaches a cap exactly, then it fits; a lead or a cent more does not", () => {
    expect(fitsCaps(order, { boughtToday: 2, spentTodayCents: 0, spentThisWeekCents: 17_590 }, 2_410)).toBe(true);
    expect(fitsCaps(order, { boughtToday: 3, spentTodayCents: 0, spentThisWeekCents: 0 }, 1)).toBe(false);
    expect(fitsCaps(order, { boughtToday: 0, spentTodayCents: 0, spentThisWeekCents: 17_591 }, 2_410)).toBe(false);
  });
});

describe("isPausedAt", () => {
  const now = new Date("2026-11-25T00:00:00Z");

  it("when paused by the owner, a missed promise or a declined card, then paused whatever the date", () => {
    for (const pausedReason of ["owner", "missed_promise", "card_declined"] as const) expect(isPausedAt({ pausedReason, pausedUntil: null }, now)).toBe(true);
    expect(isPausedAt({ pausedReason: null, pausedUntil: null }, now)).toBe(false);
  });

  it("when paused until a date, then paused before it and active from that instant on", () => {
    expect(isPausedAt({ pausedReason: "until_date", pausedUntil: "2026-11-25T00:00:00.001Z" }, now)).toBe(true);
    expect(isPausedAt({ pausedReason: "until_date", pausedUntil: now }, now)).toBe(false);
    expect(isPausedAt({ pausedReason: "until_date", pausedUntil: null }, now)).toBe(false);
  });
});
