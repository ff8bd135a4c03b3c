import { describe, expect, it } from "vitest";
import { priceNow } from "./price-now";

// $40.00 falling to $0 over the hour: $20.00 at 30 minutes, $10.00 at 45.
const lead = { startingPrice: "40.00", auctionStartedAt: "2025-08-15T00:00:00.000Z" };
const at = (minutes: number) => new Date(Date.parse(lead.auctionStartedAt) + minutes * 60_000);
const half = { code: "HALF", discountType: "percentage", discountValue: "50" } as const;

describe("priceNow", () => {
  it("when a percentage code is applied and the price keeps falling, then the discount follows the live price", () => {
    expect(priceNow(lead, half, false, at(30))).toMatchObject({ originalPriceCents: 2000, discountAmountCents: 1000, amountCents: 1000 });
    // Frozen at $10 off, the due amount would read $0 here; the server charges $5.
    expect(priceNow(lead, half, false, at(45))).toMatchObject({ originalPriceCents: 1000, discountAmountCents: 500, amountCents: 500 });
  });

  it("when a fixed code is worth more than the price now, then nothing below $0 is due", () => {
    const fifteen = { code: "TAKE15", discountType: "fixed_amount", discountValue: "15.00" } as const;
    expect(priceNow(lead, fifteen, false, at(45))).toMatchObject({ discountAmountCents: 1000, amountCents: 0, isClaim: false });
  });

  it("when the buyer is the super admin, then nothing is due and it is a claim", () => {
    expect(priceNow(lead, half, true, at(10))).toMatchObject({ amountCents: 0, discountAmountCents: 0, isClaim: true });
  });

  it("when the hour is up, then the lead is a free claim", () => {
    expect(priceNow(lead, null, false, at(60))).toMatchObject({ amountCents: 0, isClaim: true });
  });
});
