import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discountCents } from "./discount-rule";

describe("discountCents", () => {
  it("when the code is a percentage, then that share of the price comes off, rounded to whole cents", () => {
    expect(discountCents(4000, { discountType: "percentage", discountValue: "50" })).toBe(2000);
    // 15% of $33.33 = 499.95 cents -> 500
    expect(discountCents(3333, { discountType: "percentage", discountValue: "15.00" })).toBe(500);
    // 33% of $9.99 = 329.67 cents -> 330
    expect(discountCents(999, { discountType: "percentage", discountValue: 33 })).toBe(330);
  });

  it("when the code is a fixed amount, then those dollars come off", () => {
    expect(discountCents(4000, { discountType: "fixed_amount", discountValue: "12.34" })).toBe(1234);
  });

  it("when the code is free, then the whole price comes off", () => {
    expect(discountCents(4567, { discountType: "free", discountValue: null })).toBe(4567);
  });

  it("when the discount is worth more than the price, then it stops at the price", () => {
    expect(discountCents(4000, { discountType: "fixed_amount", discountValue: "100.00" })).toBe(4000);
    expect(discountCents(4000, { discountType: "percentage", discountValue: "150" })).toBe(4000);
  });

  it("when the value or price is negative or missing, then nothing comes off", () => {
    expect(discountCents(4000, { discountType: "fixed_amount", discountValue: "-5.00" })).toBe(0);
    expect(discountCents(4000, { discountType: "percentage", discountValue: "-10" })).toBe(0);
    expect(discountCents(4000, { discountType: "percentage", discountValue: null })).toBe(0);
    expect(discountCents(-100, { discountType: "free", discountValue: null })).toBe(0);
  });

  it("is always whole cents from 0 to the price (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom("percentage", "fixed_amount", "free") as fc.Arbitrary<"percentage" | "fixed_amount" | "free">,
        fc.double({ min: -1000, max: 100_000, noNaN: true }).map((v) => v.toFixed(2)),
        (price, discountType, discountValue) => {
          const off = discountCents(price, { discountType, discountValue });
          expect(Number.isInteger(off)).toBe(true);
          expect(off).toBeGreaterThanOrEqual(0);
          expect(off).toBeLessThanOrEqual(price);
        },
      ),
    );
  });
});
