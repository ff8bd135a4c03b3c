import { describe, expect, it } from "vitest";
import { auctionPriceAt, fromCents, MAX_STORED_CENTS, startingPriceFor, toCents } from "./pricing";

const start = new Date("2026-11-21T00:00:00Z");
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe("startingPriceFor", () => {
  it("when there are no sales yet, then it is the $40 minimum", () => {
    expect(startingPriceFor([])).toBe("40.00");
  });
  it("when recent sales were cheap, then the $40 minimum holds", () => {
    expect(startingPriceFor(["10.00", "12.00", "8.00", "20.00", "5.00"])).toBe("40.00");
  });
  it("when there are 5 or more sales, then it is the average of the newest 5 plus 10%", () => {
    // (50 + 60 + 70 + 80 + 90) / 5 = 70; +10% = 77. The sixth (1000) is ignored.
    expect(startingPriceFor(["50.00", "60.00", "70.00", "80.00", "90.00", "1000.00"])).toBe("77.00");
  });
  it("when there are fewer than 5 sales, then it averages those there are", () => {
    expect(startingPriceFor(["100.00", "50.00"])).toBe("82.50");
  });
  it("rounds to whole cents", () => {
    // average 4555.5 cents * 1.1 = 5011.05 -> 5011 cents
    expect(startingPriceFor(["45.55", "45.56"])).toBe("50.11");
  });
  it("when recent sales approach the cap, then the price stops at MAX_STARTING_PRICE ($400 by default)", () => {
    expect(startingPriceFor(["380.00", "390.00", "400.00", "400.00", "400.00"])).toBe("400.00");
    expect(startingPriceFor(["380.00"], 50_000)).toBe("418.00");
  });
  it("when every lead sells at its starting price, then the ratchet settles at the cap instead of overflowing numeric(10,2)", () => {
    const ratchet = (maxCents?: number) => {
      const sales: string[] = [];
      for (let i = 0; i < 1000; i++) sales.unshift(startingPriceFor(sales, maxCents));
      return sales[0];
    };
    expect(ratchet()).toBe("400.00");
    expect(ratchet(MAX_STORED_CENTS)).toBe("99999999.99");
  });
  it("when a sale above the cap was recorded (before the cap existed), then it counts as the cap", () => {
    // The reported $99,978,751 sale: one of five no longer holds the next price at the cap.
    expect(startingPriceFor(["99978751.00", "40.00", "40.00", "40.00", "40.00"])).toBe("123.20");
  });
});

describe("auctionPriceAt", () => {
  it("when the auction starts, then the price is the starting price and an hour is left", () => {
    expect(auctionPriceAt("80.00", start, start)).toMatchObject({ price: "80.00", secondsLeft: 3600, isFree: false });
  });
  it("falls linearly: half price at 30 minutes, a quarter at 45", () => {
    expect(auctionPriceAt("80.00", start, after(1800)).price).toBe("40.00");
    expect(auctionPriceAt("80.00", start, after(2700)).price).toBe("20.00");
  });
  it("when 3600 s have passed (or more), then the price is 0 and the lead is free", () => {
    expect(auctionPriceAt("80.00", start, after(3600))).toMatchObject({ price: "0.00", secondsLeft: 0, isFree: true });
    expect(auctionPriceAt("80.00", start, after(99999))).toMatchObject({ price: "0.00", isFree: true });
  });
  it("when the clock reads before the start, then the price does not rise above the start", () => {
    expect(auctionPriceAt("40.00", start, after(-60)).price).toBe("40.00");
  });
  it("rounds to cents", () => {
    // 40.00 * (1 - 1/3600) = 39.98888... -> 39.99
    expect(auctionPriceAt("40.00", start, after(1)).price).toBe("39.99");
  });
  it("converts money strings and cents both ways", () => {
    expect(toCents("12.34")).toBe(1234);
    expect(fromCents(1234)).toBe("12.34");
    expect(fromCents(-5)).toBe("0.00");
  });
});
