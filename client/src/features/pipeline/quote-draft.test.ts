import { describe, expect, it } from "vitest";
import { DOCUMENT_MESSAGES } from "@shared/document-lines";
import { QUOTE_MESSAGES, quoteCreateRequest } from "@shared/quotes";
import type { PurchasedLead } from "@shared/pipeline";
import { awaitsCustomer } from "./api/purchases";
import { emptyLine, errorsOfIssues, liveTotals, typedNumber, wireLine, type LineDraft } from "./quote-draft";

const line = (quantity: string, unitPrice: string, gstFree = false): LineDraft => ({ ...emptyLine(), description: "Work", quantity, unitPrice, gstFree });

describe("typedNumber", () => {
  it.each([
    ["1250", "1250"],
    ["$1,250.50", "1250.50"],
    [" 1.5 ", "1.5"],
    ["1.", "1"],
    [".5", "0.5"],
  ])("when %j is typed, then the wire reads %j", (typed, wire) => expect(typedNumber(typed)).toBe(wire));

  it.each(["", "abc", "-5", "1.234", "1e3"])("when %j is typed, then it is not a number yet", (typed) => expect(typedNumber(typed)).toBeNull());
});

describe("liveTotals", () => {
  it("when lines are taxable and GST-free, then GST is 10% of the taxable part only, rounded once", () => {
    const totals = liveTotals([line("3", "33.35"), line("1", "100", true)], true, { kind: "none", value: "" });
    expect(totals.lineCents).toEqual([10005, 10000]);
    expect(totals.subtotalCents).toBe(20005);
    expect(totals.gstCents).toBe(1001);
    expect(totals.totalCents).toBe(21006);
    expect(totals.depositCents).toBe(0);
  });

  it("when a line is still being typed, then it counts as nothing and the others still add up", () => {
    const totals = liveTotals([line("2", "50"), line("1", "abc")], false, { kind: "none", value: "" });
    expect(totals.lineCents).toEqual([10000, null]);
    expect(totals.totalCents).toBe(10000);
    expect(totals.gstCents).toBe(0);
  });

  it("when a deposit is a percent or an amount, then it is taken from the total and never exceeds it", () => {
    const lines = [line("1", "1000")];
    expect(liveTotals(lines, true, { kind: "percent", value: "25" }).depositCents).toBe(27500);
    expect(liveTotals(lines, true, { kind: "amount", value: "$300" }).depositCents).toBe(30000);
    expect(liveTotals(lines, true, { kind: "amount", value: "5000" }).depositCents).toBe(110000);
    expect(liveTotals(lines, true, { kind: "percent", value: "150" }).depositCents).toBe(0);
  });
});

describe("wireLine", () => {
  it("when a price is typed with a dollar sign and commas, then the wire gets the plain amount and the trimmed description", () => {
    expect(wireLine({ ...line("2", "$1,200"), description: "  Switchboard  " })).toMatchObject({
      description: "Switchboard",
      quantity: "2",
      unitPrice: "1200",
    });
  });
});

describe("errorsOfIssues", () => {
  it("when the shared schema refuses a line's price and a deposit given both ways, then each message is keyed by the field the builder shows it under", () => {
    const parsed = quoteCreateRequest.safeParse({
      items: [wireLine(line("1", "100")), wireLine({ ...line("1", "12.345"), description: "Second" })],
      depositPercent: 10,
      depositAmount: "50",
    });
    expect(parsed.success).toBe(false);
    const errors = errorsOfIssues(parsed.error!.issues);
    expect(errors["items.1.unitPrice"]).toBe(DOCUMENT_MESSAGES.amount);
    expect(errors.depositAmount).toBe(QUOTE_MESSAGES.depositOneOf);
    expect(errors["items.0.unitPrice"]).toBeUndefined();
  });
});

describe("awaitsCustomer", () => {
  const row = (status: string | null, invoice: string | null = null) =>
    ({ documents: { quote: status ? { status } : null, invoice: invoice ? { status: invoice } : null } }) as unknown as PurchasedLead;
  it("when some job has a quote out with its customer, then the pipeline keeps asking; answered, replaced or no quote, it does not", () => {
    expect(awaitsCustomer([row(null), row("sent")])).toBe(true);
    expect(awaitsCustomer([row("accepted"), row("declined"), row("superseded"), row("expired"), row(null)])).toBe(false);
    expect(awaitsCustomer(undefined)).toBe(false);
  });

  it("when some job has an invoice unpaid or part paid, then it keeps asking, as the customer may pay it online; paid or void, it does not", () => {
    expect(awaitsCustomer([row("accepted", "paid"), row("accepted", "issued")])).toBe(true);
    expect(awaitsCustomer([row("accepted", "part_paid")])).toBe(true);
    expect(awaitsCustomer([row("accepted", "paid"), row("accepted", "void")])).toBe(false);
  });
});
