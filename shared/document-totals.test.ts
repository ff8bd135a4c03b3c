import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { depositCents, documentTotals, fitsStoredMoney, lineAmountCents } from "./document-totals";
import { gstIncludedInCents, gstIsOneEleventhOfTotal, gstOnCents } from "./gst";

const registered = { gstRegistered: true };

describe("document totals", () => {
  it("when a line is 1.5 hours at $95.55, then it is $143.33 (143.325 rounded half up)", () => {
    expect(lineAmountCents({ quantity: "1.5", unitPrice: "95.55" })).toBe(14333);
  });

  it("when GST falls on half a cent, then it rounds up once for the document, not per line", () => {
    // Three taxable lines of $0.05: per-line GST would be 3 x 1 cent; once on $0.15 it is 1.5 -> 2 cents.
    const totals = documentTotals(
      Array.from({ length: 3 }, () => ({ description: "Fuse", quantity: 1, unitPrice: "0.05" })),
      registered,
    );
    expect(totals).toMatchObject({ subtotalCents: 15, taxableCents: 15, gstCents: 2, totalCents: 17 });
  });

  it("when a line is GST-free, then only the other lines carry GST", () => {
    const totals = documentTotals(
      [
        { description: "Switchboard upgrade", quantity: 1, unitPrice: "1200.00" },
        { description: "Council permit fee", quantity: 1, unitPrice: "85.00", gstFree: true },
      ],
      registered,
    );
    expect(totals).toMatchObject({ subtotalCents: 128_500, taxableCents: 120_000, gstCents: 12_000, totalCents: 140_500 });
    expect(gstIsOneEleventhOfTotal(totals)).toBe(false);
  });

  it("when the seller is not registered for GST, then no line carries GST", () => {
    const totals = documentTotals([{ description: "Call-out", quantity: 1, unitPrice: "99.00" }], { gstRegistered: false });
    expect(totals).toMatchObject({ subtotalCents: 9900, gstCents: 0, totalCents: 9900 });
    expect(gstIsOneEleventhOfTotal(totals)).toBe(false);
  });

  it("when an amount is malformed, then it is refused, never guessed", () => {
    expect(() => lineAmountCents({ quantity: "1", unitPrice: "12.345" })).toThrow(RangeError);
    expect(() => lineAmountCents({ quantity: "-1", unitPrice: "12.00" })).toThrow(RangeError);
  });

  it("for any lines, the parts add up to the total and GST is 10% of the taxable part, half up (property)", () => {
    const line = fc.record({
      description: fc.constant("Work"),
      quantity: fc.integer({ min: 1, max: 100_000 }).map((h) => (h / 100).toFixed(2)),
      unitPrice: fc.integer({ min: 0, max: 10_000_000 }).map((c) => (c / 100).toFixed(2)),
      gstFree: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), fc.boolean(), (lines, gstRegistered) => {
        const totals = documentTotals(lines, { gstRegistered });
        expect(totals.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(totals.subtotalCents);
        expect(totals.subtotalCents + totals.gstCents).toBe(totals.totalCents);
        // Half up: GST x 10 lies within half a cent's tenth of the taxable part.
        expect(Math.abs(totals.gstCents * 10 - totals.taxableCents)).toBeLessThanOrEqual(5);
        if (!gstRegistered) expect(totals.gstCents).toBe(0);
        expect(typeof fitsStoredMoney(totals)).toBe("boolean");
      }),
      { numRuns: 300, seed: 2711 },
    );
  });

  it("when a price includes GST, then its GST is one eleventh, half up", () => {
    expect(gstIncludedInCents(4400)).toBe(400);
    expect(gstIncludedInCents(4000)).toBe(364); // 363.64
    expect(gstIncludedInCents(6)).toBe(1); // 0.545 -> 1
    expect(gstOnCents(5)).toBe(1); // 0.5 -> 1
    expect(gstIsOneEleventhOfTotal({ gstCents: 400, totalCents: 4400 })).toBe(true);
  });

  it("when a deposit is a percentage or an amount, then it is that share of the total and never more than it", () => {
    expect(depositCents(100_001, { depositPercent: 50 })).toBe(50_001); // 50,000.5 -> up
    expect(depositCents(10_000, { depositPercent: 12.5 })).toBe(1250);
    expect(depositCents(10_000, { depositAmount: "250.00" })).toBe(10_000);
    expect(depositCents(10_000, { depositAmount: "25.50" })).toBe(2550);
    expect(depositCents(10_000, {})).toBe(0);
  });
});
