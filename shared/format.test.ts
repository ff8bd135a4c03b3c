import { describe, expect, it } from "vitest";
import { formatKmAway, formatMoney, formatMinutes } from "./format";

describe("money on screen", () => {
  it("when an amount is shown, then it has the dollar sign, thousands commas and cents", () => {
    expect(formatMoney("1234.56")).toBe("$1,234.56");
    expect(formatMoney(40)).toBe("$40.00");
    expect(formatMoney("0")).toBe("$0.00");
  });

  it("when whole dollars are asked for, then cents are dropped but commas stay", () => {
    expect(formatMoney(6800, { wholeDollars: true })).toBe("$6,800");
    expect(formatMoney(680, { wholeDollars: true })).toBe("$680");
  });
});

describe("distance on a card", () => {
  it("when a distance is shown, then it has one decimal and thousands commas", () => {
    expect(formatKmAway(12.4)).toBe("12.4 km away");
    expect(formatKmAway(20)).toBe("20.0 km away");
    expect(formatKmAway(3290.2)).toBe("3,290.2 km away");
  });
});

describe("formatMinutes", () => {
  it("when a figure of minutes is shown, then it reads in plain words to the whole minute: hours from 60 on", () => {
    expect([1, 35.4, 59.6, 360, 130, 1441].map(formatMinutes)).toEqual(["1 minute", "35 minutes", "1 h", "6 h", "2 h 10 min", "24 h 1 min"]);
  });
});
