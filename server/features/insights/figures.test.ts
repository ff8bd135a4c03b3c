import { describe, expect, it } from "vitest";
import { leadCostCents, paymentRevenueCents } from "./figures";

describe("a lead's cost and a payment's revenue", () => {
  it("when a purchase was refunded, then its cost is the price less the refund row; without a row, nothing", () => {
    expect(leadCostCents({ amountPaid: "40.00", paymentStatus: "completed", refundAmount: null })).toBe(4000);
    expect(leadCostCents({ amountPaid: "40.00", paymentStatus: "refunded", refundAmount: "15.00" })).toBe(2500);
    expect(leadCostCents({ amountPaid: "40.00", paymentStatus: "refunded", refundAmount: null })).toBe(0);
  });

  it("when a payment is on a GST document, then its revenue is what was kept times subtotal over total, half up", () => {
    expect(paymentRevenueCents({ amount: "1100.00", refunded: "0.00", documentSubtotal: "1000.00", documentTotal: "1100.00" })).toBe(100000);
    // 90.02 x 303.03 / 333.33 = 81.838...
    expect(paymentRevenueCents({ amount: "100.01", refunded: "9.99", documentSubtotal: "303.03", documentTotal: "333.33" })).toBe(8184);
    // 1 cent x 5 / 10 = half a cent: up to 1.
    expect(paymentRevenueCents({ amount: "0.01", refunded: "0.00", documentSubtotal: "0.05", documentTotal: "0.10" })).toBe(1);
  });

  it("when the document has no GST or there is none, then the whole kept amount is revenue; a full refund leaves 0", () => {
    expect(paymentRevenueCents({ amount: "500.00", refunded: "100.00", documentSubtotal: "500.00", documentTotal: "500.00" })).toBe(40000);
    expect(paymentRevenueCents({ amount: "500.00", refunded: "0.00", documentSubtotal: null, documentTotal: null })).toBe(50000);
    expect(paymentRevenueCents({ amount: "500.00", refunded: "500.00", documentSubtotal: "400.00", documentTotal: "440.00" })).toBe(0);
  });
});
