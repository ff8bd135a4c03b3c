// The documents' own moves of a job, never backwards (docs/decisions/051-quotes-and-tax-invoices.md),
// but for a refund's out of Paid (docs/decisions/056-money-online-stripe-connect.md).
import { describe, expect, it } from "vitest";
import { documentMovesStage, stageBackFromPaid } from "./document-stages";

describe("a document moving a job", () => {
  it.each([
    ["purchased", "quote_sent", true],
    ["called", "quote_accepted", true],
    ["quote_accepted", "invoice_paid", true],
    ["booked_in", "quote_sent", false],
    ["booked_in", "quote_accepted", false],
    ["booked_in", "invoice_paid", true],
    ["delivered", "invoice_paid", true],
    ["invoice_paid", "quote_sent", false],
    ["invoice_paid", "declined", false],
    ["quote_sent", "declined", true],
    ["quote_accepted", "declined", false],
    ["declined", "quote_sent", true],
    ["declined", "declined", false],
    ["quote_sent", "quote_sent", false],
  ] as const)("when the job is %s and a document says %s, then it moves: %s", (from, to, moves) => {
    expect(documentMovesStage(from, to)).toBe(moves);
  });
});

describe("a refund taking a job out of Paid", () => {
  it.each([
    ["called", "called"],
    ["booked_in", "booked_in"],
    ["delivered", "delivered"],
    ["declined", "booked_in"],
    [null, "booked_in"],
  ] as const)("when the job was %s before Paid, then it goes back to %s", (before, back) => {
    expect(stageBackFromPaid(before)).toBe(back);
  });
});
