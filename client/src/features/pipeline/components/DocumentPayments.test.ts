// The payments under the card's Details (docs/decisions/056, 057), rendered to HTML in Node: an
// online payment reads as such, a demo as a demo, refunds with their reason, an overpayment to
// give back, a dispute by the customer's bank, and Refund only where the server says the payment is refundable.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { JobDocuments } from "@shared/invoices";
import type { Payment } from "@shared/document-payments";
import { owesCustomerMoney } from "../api/job-documents";
import { DocumentPayments } from "./DocumentPayments";

const online: Payment = {
  id: 9,
  amount: "12345.67",
  method: "card",
  recordedAt: "2026-03-04T01:00:00.000Z",
  source: "stripe",
  refundedAmount: "0.00",
  refunds: [],
  overpaid: "0.00",
  refundable: true,
  dispute: null,
};
const text = (payments: Payment[]) =>
  renderToStaticMarkup(createElement(DocumentPayments, { purchaseId: 1, payments, label: "Payments on invoice INV-000003" }))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the payments on an invoice, on the electrician's side", () => {
  it("when the customer paid online, then it says so, and offers to refund what is left of it", () => {
    const page = text([online]);
    expect(page).toContain("$12,345.67 paid online by card");
    expect(page).toContain("Refund $12,345.67");
  });

  it("when a payment was refunded, then the refund shows with its reason, and no Refund button is left", () => {
    const refunded = {
      ...online,
      refundedAmount: "12345.67",
      refundable: false,
      refunds: [{ id: 1, amount: "12345.67", reason: "Job cancelled", refundedAt: "2026-03-05T01:00:00.000Z" }],
    };
    const page = text([refunded]);
    expect(page).toContain("Refunded $12,345.67 on");
    expect(page).toContain("“Job cancelled”");
    expect(page).not.toContain("Refund $");
  });

  it("when a payment was recorded by hand or made in demo mode, then it reads as that", () => {
    const page = text([
      { ...online, id: 2, source: "recorded", method: "eft", refundable: false },
      { ...online, id: 3, source: "demo", overpaid: "10.00" },
    ]);
    expect(page).toContain("by Bank transfer (EFT)");
    expect(page).toContain("demo online payment (nothing charged)");
    expect(page).toContain("$10.00 more than was owing");
  });

  it("when the customer's bank disputes a payment, then it says so with the amount and why, when the records go, and offers no refund", () => {
    const dispute = {
      status: "needs_response" as const,
      reason: "product_unacceptable",
      amount: "1100.00",
      evidenceDueBy: "2026-03-10T01:00:00.000Z",
      evidenceSubmittedAt: null,
      evidenceGoesBy: "2026-03-09T01:00:00.000Z",
    };
    const page = text([{ ...online, refundable: false, dispute }]);
    expect(page).toContain("Disputed: evidence needed · $1,100.00 · product unacceptable");
    expect(page).toContain("by 9 Mar 2026, 12:00 pm");
    expect(page).not.toContain("Refund $");
    const sent = text([
      {
        ...online,
        refundable: false,
        dispute: { ...dispute, status: "under_review" as const, evidenceSubmittedAt: "2026-03-08T01:00:00.000Z", evidenceGoesBy: null },
      },
    ]);
    expect(sent).toContain("went to the bank");
  });
});

describe("owesCustomerMoney", () => {
  const docs = (quote: Partial<JobDocuments["quotes"][number]> | null, invoice: string | null) =>
    ({
      quotes: quote ? [{ status: "accepted", deposit: "100.00", depositPaid: "0.00", ...quote }] : [],
      invoices: invoice ? [{ status: invoice }] : [],
    }) as unknown as JobDocuments;
  it("when a deposit or an invoice is owing, then the open Details keep asking; paid, they stop", () => {
    expect(owesCustomerMoney(docs({}, null))).toBe(true);
    expect(owesCustomerMoney(docs({ depositPaid: "100.00" }, "issued"))).toBe(true);
    expect(owesCustomerMoney(docs({ depositPaid: "100.00" }, "paid"))).toBe(false);
    expect(owesCustomerMoney(docs({ deposit: "0.00" }, null))).toBe(false);
    expect(owesCustomerMoney(undefined)).toBe(false);
  });
});
