import { describe, expect, it } from "vitest";
import { historyTotals } from "./history-totals";
import { jobPaid } from "./job-paid";

const quote = { id: 1, number: "Q-1", status: "accepted" as const, total: "1100.00", validUntil: "2026-12-31" };
const invoice = { id: 2, number: "INV-1", status: "paid" as const, total: "1100.00", balanceDue: "0.00", dueAt: "2026-12-31" };
const none = { quote: null, invoice: null, paid: null };

describe("what a job was paid (docs/decisions/080-what-a-job-was-paid.md)", () => {
  it("when the job has a quote or an invoice, then it is their recorded payments, whatever was typed on the card", () => {
    expect(jobPaid({ documents: { quote, invoice: null, paid: "330.00" }, customerPaymentAmount: "999.00" })).toBe("330.00");
    expect(jobPaid({ documents: { quote: null, invoice, paid: "1100.00" }, customerPaymentAmount: null })).toBe("1100.00");
    expect(jobPaid({ documents: { quote, invoice: null, paid: null }, customerPaymentAmount: "1650.00" })).toBeNull();
  });

  it("when the job was run without our documents, then it is the amount typed on the card", () => {
    expect(jobPaid({ documents: none, customerPaymentAmount: "1650.00" })).toBe("1650.00");
    expect(jobPaid({ documents: null, customerPaymentAmount: null })).toBeNull();
  });

  it("when Purchase History adds its rows, then deposits, online and recorded invoice payments count beside typed ones, as the rows show them", () => {
    const rows = [
      { amountPaid: "40.00", paymentStatus: "completed", customerPaymentAmount: "1650.00", documents: none },
      { amountPaid: "25.00", paymentStatus: "completed", customerPaymentAmount: null, documents: { quote, invoice, paid: "1100.00" } },
      { amountPaid: "30.00", paymentStatus: "completed", customerPaymentAmount: null, documents: { quote, invoice: null, paid: "26.10" } },
    ];
    expect(historyTotals(rows).customerPayments).toBe("2776.10");
  });
});
